import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type GooglePlacesDouble,
  startGooglePlacesDouble,
} from '../../../../../tests/doubles/mention-sources/google-places.ts';
import { ServiceError } from '../../http/fetch-service.ts';
import { type MentionQuery, NOT_AVAILABLE_ON_THIS_SERVER } from '../mention-source.ts';
import { createGooglePlacesMentionSource } from './google-places-source.ts';
import { placeDetails, searchPlacesByText } from './places-api.ts';

let double: GooglePlacesDouble;
const waits: number[] = [];
const wait = async (ms: number) => void waits.push(ms);
const PLACE = 'ChIJN1t_tDeuEmsRUsoyG83frY4';

const query = (overrides: Partial<MentionQuery> = {}): MentionQuery => ({
  name: 'Northwind Roasters',
  domain: 'northwind.example',
  handles: {},
  hashtags: [],
  includeTerms: [],
  excludeTerms: [],
  market: { language: 'en', country: 'GB' },
  targets: { appleAppIds: [], googlePlaceIds: [PLACE] },
  since: null,
  maxItems: 1000,
  ...overrides,
});

const source = (apiKey = double.apiKey) => createGooglePlacesMentionSource({ apiUrl: double.url, apiKey }, { wait });

beforeAll(async () => {
  double = await startGooglePlacesDouble();
  double.addPlace({
    id: PLACE,
    name: 'Northwind Roasters',
    address: '1 Mill Lane, Leeds',
    rating: 4.6,
    userRatingCount: 212,
  });
  double.addPlace({
    id: 'ChIJother',
    name: 'Southwind Cafe',
    address: '2 Bank St, York',
    rating: 4.1,
    userRatingCount: 40,
  });
});
afterAll(() => double.close());
beforeEach(() => {
  waits.length = 0;
  double.calls.length = 0;
  double.loadReviews(PLACE, 500);
});

describe('Google Places mention source', () => {
  it('is unavailable without a key and says what to set', () => {
    expect(createGooglePlacesMentionSource({ apiUrl: double.url, apiKey: undefined }).availability()).toEqual({
      available: false,
      reason: NOT_AVAILABLE_ON_THIS_SERVER,
      adminHint: 'Set GOOGLE_PLACES_API_KEY',
    });
  });

  it("reads the chosen place's reviews: at most five, as Google gives them, mapped faithfully", async () => {
    const result = await source().search(query(), {});
    // Google answers five; the fourth has a rating but no text and is left out.
    expect(result.mentions).toHaveLength(4);
    expect(result.stoppedEarly).toBeNull();
    const call = double.calls[0];
    expect(call?.path).toBe(`/places/${PLACE}`);
    expect(call?.headers['x-goog-fieldmask']).toBe('id,displayName,googleMapsUri,reviews');
    expect(call?.headers['x-goog-api-key']).toBe(double.apiKey);
    expect(result.mentions[0]).toEqual({
      externalId: `google_places:places/${PLACE}/reviews/R1`,
      url: 'https://www.google.com/maps/reviews/data=R1',
      title: null,
      content: 'Lovely flat white at Northwind Roasters (1)',
      authorName: 'Reviewer 1',
      authorHandle: null,
      publishedAt: expect.any(Date),
      engagement: {},
      rating: 1,
      platform: 'Google · Northwind Roasters',
      channel: 'reviews',
    });
  });

  it('reads nothing when no place is chosen, and honours since and maxItems', async () => {
    expect((await source().search(query({ targets: { appleAppIds: [], googlePlaceIds: [] } }), {})).mentions).toEqual(
      [],
    );
    expect(double.calls).toHaveLength(0);
    const since = new Date(Date.now() - 1.5 * 86_400_000);
    expect((await source().search(query({ since }), {})).mentions).toHaveLength(2);
    const capped = await source().search(query({ maxItems: 2 }), {});
    expect(capped.mentions).toHaveLength(2);
    expect(capped.stoppedEarly).toBe('Stopped at 2 reviews for this run.');
  });

  it('waits as a 429 Retry-After asks, then succeeds', async () => {
    double.fault('/places/', {
      status: 429,
      headers: { 'retry-after': '5' },
      body: { error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED' } },
    });
    expect((await source().search(query(), {})).mentions).toHaveLength(4);
    expect(waits).toEqual([5000]);
  });

  it('fails as auth for a refused key, without the key in the error', async () => {
    const error = await source('AIzaWrongPlacesKey')
      .search(query(), {})
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).kind).toBe('auth');
    expect(JSON.stringify([(error as ServiceError).message, (error as ServiceError).details])).not.toContain(
      'AIzaWrongPlacesKey',
    );
  });

  it('searches places by text with the picking field mask, and says when a place id is unknown', async () => {
    const config = { apiUrl: double.url, apiKey: double.apiKey };
    const found = await searchPlacesByText(config, 'Northwind Leeds');
    expect(found).toEqual([
      { id: PLACE, name: 'Northwind Roasters', address: '1 Mill Lane, Leeds', rating: 4.6, ratingCount: 212 },
    ]);
    expect(double.calls.at(-1)?.headers['x-goog-fieldmask']).toBe(
      'places.id,places.displayName,places.formattedAddress,places.rating,places.userRatingCount',
    );
    expect(await searchPlacesByText(config, 'nothing-like-it')).toEqual([]);
    const missing = await placeDetails(config, 'ChIJmissing', { withReviews: false }).catch(
      (caught: unknown) => caught,
    );
    expect((missing as ServiceError).kind).toBe('not_found');
    const malformed = await placeDetails(config, 'not a place', { withReviews: false }).catch(
      (caught: unknown) => caught,
    );
    expect((malformed as ServiceError).kind).toBe('not_found');
  });
});
