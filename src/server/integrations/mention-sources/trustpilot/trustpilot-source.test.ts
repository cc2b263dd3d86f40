import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  startTrustpilotDouble,
  type TrustpilotDouble,
} from '../../../../../tests/doubles/mention-sources/trustpilot.ts';
import { ServiceError } from '../../http/fetch-service.ts';
import { type MentionQuery, NOT_AVAILABLE_ON_THIS_SERVER } from '../mention-source.ts';
import { createTrustpilotMentionSource } from './trustpilot-source.ts';

let double: TrustpilotDouble;
const waits: number[] = [];
const wait = async (ms: number) => void waits.push(ms);

const query = (overrides: Partial<MentionQuery> = {}): MentionQuery => ({
  name: 'Northwind Roasters',
  domain: 'northwind.example',
  handles: {},
  hashtags: [],
  includeTerms: [],
  excludeTerms: [],
  market: { language: 'en', country: 'GB' },
  targets: { appleAppIds: [], googlePlaceIds: [] },
  since: null,
  maxItems: 1000,
  ...overrides,
});

const source = (apiKey = double.apiKey) => createTrustpilotMentionSource({ apiUrl: double.url, apiKey }, { wait });

beforeAll(async () => {
  double = await startTrustpilotDouble();
});
afterAll(() => double.close());
beforeEach(() => {
  waits.length = 0;
  double.calls.length = 0;
});

describe('Trustpilot mention source', () => {
  it('is unavailable without a key and says what to set', () => {
    expect(createTrustpilotMentionSource({ apiUrl: double.url, apiKey: undefined }).availability()).toEqual({
      available: false,
      reason: NOT_AVAILABLE_ON_THIS_SERVER,
      adminHint: 'Set TRUSTPILOT_API_KEY',
    });
  });

  it('finds the business by domain and reads its reviews page by page, mapped faithfully', async () => {
    const { id, reviews } = double.loadBusiness('northwind.example', 250);
    const result = await source().search(query(), {});
    expect(result.stoppedEarly).toBeNull();
    expect(result.mentions).toHaveLength(250);
    expect(double.calls[0]?.path).toBe('/business-units/find');
    expect(double.calls[0]?.query.get('name')).toBe('northwind.example');
    expect(double.calls[0]?.headers.apikey).toBe(double.apiKey);
    const pages = double.calls.filter((call) => call.path === `/business-units/${id}/reviews`);
    expect(pages.map((call) => call.query.get('page'))).toEqual(['1', '2', '3']);
    expect(pages[0]?.query.get('perPage')).toBe('100');
    expect(double.calls.every((call) => !call.query.toString().includes(double.apiKey))).toBe(true);

    const review = reviews[1];
    if (!review) throw new Error('no review');
    expect(result.mentions[1]).toEqual({
      externalId: `trustpilot:${review.id}`,
      url: `https://www.trustpilot.com/reviews/${review.id}`,
      title: review.title,
      content: review.text,
      authorName: review.consumer.displayName,
      authorHandle: null,
      publishedAt: new Date(review.createdAt),
      engagement: { likes: review.numberOfLikes },
      rating: review.stars,
      platform: 'Trustpilot · Northwind Roasters',
      channel: 'reviews',
    });
    // A review without text reads as its title.
    expect(result.mentions[9]?.content).toBe('Review 10');
  });

  it('reads 500 generated reviews in five pages', async () => {
    double.loadBusiness('northwind.example', 500);
    const result = await source().search(query(), {});
    expect(result.mentions).toHaveLength(500);
    expect(double.calls.filter((call) => call.path.endsWith('/reviews'))).toHaveLength(5);
  });

  it('honours since and maxItems', async () => {
    const now = new Date();
    double.loadBusiness('northwind.example', 250, now);
    const since = new Date(now.getTime() - 120.5 * 3_600_000);
    const recent = await source().search(query({ since }), {});
    expect(recent.mentions).toHaveLength(121);
    const capped = await source().search(query({ maxItems: 30 }), {});
    expect(capped.mentions).toHaveLength(30);
    expect(capped.stoppedEarly).toBe('Stopped at 30 reviews for this run.');
  });

  it('finds nothing, without guessing, for a domain Trustpilot does not list or a brand without a website', async () => {
    expect((await source().search(query({ domain: 'unknown.example' }), {})).mentions).toEqual([]);
    double.calls.length = 0;
    expect((await source().search(query({ domain: null }), {})).mentions).toEqual([]);
    expect(double.calls).toHaveLength(0);
  });

  it('waits as a 429 Retry-After asks, then succeeds', async () => {
    double.loadBusiness('northwind.example', 3);
    double.fault('/reviews', { status: 429, headers: { 'retry-after': '4' }, body: { message: 'Too Many Requests' } });
    const result = await source().search(query(), {});
    expect(result.mentions).toHaveLength(3);
    expect(waits).toEqual([4000]);
  });

  it('fails as auth for a refused key, without the key in the error', async () => {
    const error = await source('wrong-trustpilot-key')
      .search(query(), {})
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).kind).toBe('auth');
    expect(JSON.stringify([(error as ServiceError).message, (error as ServiceError).details])).not.toContain(
      'wrong-trustpilot-key',
    );
  });
});
