import { describe, expect, it } from 'vitest';
import type { Mention } from '../../integrations/mention-sources/mention-source.ts';
import { candidatesOf, canonicalUrlOf } from './mention-candidates.ts';
import { FIRST_RUN_WINDOW_DAYS, type MentionSubject, marketOf, mentionQueryOf, sinceOf } from './mention-subject.ts';

const subject: MentionSubject = {
  brandId: 'b',
  userId: 'u',
  competitorId: null,
  name: 'Pedal & Co',
  websiteUrl: 'https://www.pedalandco.co.uk/shop',
  handles: { mastodon: 'pedal@bike.social' },
  includeTerms: ['Leeds'],
  excludeTerms: ['pedal power'],
  country: 'DE',
  googlePlaceIds: [],
  relevance: { name: 'Pedal & Co', websiteUrl: 'https://www.pedalandco.co.uk' },
};

const mention = (overrides: Partial<Mention> = {}): Mention => ({
  externalId: 'hacker_news:1',
  url: 'https://news.example/a?utm_source=x#top',
  title: null,
  content: 'Pedal & Co fixed my wheel.',
  authorName: 'a',
  authorHandle: 'a',
  publishedAt: new Date('2026-11-01T00:00:00Z'),
  engagement: {},
  rating: null,
  platform: 'Hacker News',
  channel: 'forum',
  ...overrides,
});

describe('the query sent to every source', () => {
  it('carries the domain without www, the handles, the terms and the market', () => {
    const query = mentionQueryOf(subject, { hashtags: ['pedalandco'], appleAppIds: [] }, new Date(0));
    expect(query).toMatchObject({
      name: 'Pedal & Co',
      domain: 'pedalandco.co.uk',
      handles: { mastodon: 'pedal@bike.social' },
      hashtags: ['pedalandco'],
      includeTerms: ['Leeds'],
      excludeTerms: ['pedal power'],
      market: { language: 'de', country: 'DE' },
      maxItems: 500,
    });
  });

  it('searches a market not in the table in English', () => {
    expect(marketOf('IE')).toEqual({ language: 'en', country: 'IE' });
    expect(marketOf('br')).toEqual({ language: 'pt', country: 'BR' });
  });

  it('reads 30 days the first time, then from a day before the last success', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(sinceOf(null, now).getTime()).toBe(now.getTime() - FIRST_RUN_WINDOW_DAYS * 86_400_000);
    expect(sinceOf(new Date('2026-11-26T05:00:00Z'), now)).toEqual(new Date('2026-11-25T05:00:00Z'));
  });
});

describe('mentions as candidates', () => {
  it('spells an address one way', () => {
    expect(canonicalUrlOf('HTTPS://News.Example/a/?utm_source=x&id=3&fbclid=9#top')).toBe(
      'https://news.example/a?id=3',
    );
    expect(canonicalUrlOf('mailto:a@b.c')).toBeNull();
  });

  it('scores searched items, keeps counts only as stated, and takes chosen-app reviews as about the brand', () => {
    const [scored] = candidatesOf(
      'hacker_news',
      [mention({ engagement: { points: 3 } })],
      { ...subject.relevance, competitorId: null },
      2,
    );
    expect(scored).toMatchObject({
      origin: 2,
      sourceUrl: 'https://news.example/a',
      dedupeScope: 'mention:brand',
      engagementMetrics: { points: 3 },
      relevance: { basis: 'scored', isRelevant: true },
    });
    const [offTopic] = candidatesOf(
      'hacker_news',
      [mention({ content: 'Pedal power for beginners.' })],
      {
        ...subject.relevance,
        competitorId: null,
      },
      0,
    );
    expect(offTopic?.relevance?.isRelevant).toBe(false);
    expect(offTopic?.engagementMetrics).toBeNull();
    const [review] = candidatesOf(
      'apple_app_store',
      [mention({ content: 'Crashes at checkout.', channel: 'reviews', rating: 2 })],
      { ...subject.relevance, competitorId: 'c' },
      0,
    );
    expect(review).toMatchObject({
      source: 'reviews',
      dedupeScope: 'mention:c',
      relevance: { basis: 'first_party', isRelevant: true },
    });
  });
});
