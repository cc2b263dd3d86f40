import { describe, expect, it } from 'vitest';
import { csvSourceOf } from './csv/csv-source.ts';
import { inferFeedCategory, isSearchFeed } from './feed-category.ts';

describe('inferFeedCategory', () => {
  const feed = (url: string, title: string | null = null, generator: string | null = null) =>
    inferFeedCategory({ url, title, generator });

  it('reads what the feed says about itself, reviews first, then forums, then blogs, else news', () => {
    expect(feed('https://uk.trustpilot.com/review/pedalandco.co.uk/rss')).toBe('reviews');
    expect(feed('https://example.com/feed', 'Customer reviews of Pedal & Co')).toBe('reviews');
    expect(feed('https://talk.example.org/latest.rss', 'Latest topics', 'Discourse Forum')).toBe('forum');
    expect(feed('https://www.reddit.com/r/leeds/.rss')).toBe('forum');
    expect(feed('https://example.com/community/feed', 'Cycling community')).toBe('forum');
    expect(feed('https://leedscycling.example/feed/', 'Leeds Cycling', 'https://wordpress.org/?v=6.5')).toBe('blog');
    expect(feed('https://someone.substack.com/feed')).toBe('blog');
    expect(feed('https://example.com/blog/rss.xml', 'Notes')).toBe('blog');
    expect(feed('https://www.google.com/alerts/feeds/1/2', 'Google Alert - "Pedal & Co"')).toBe('news');
    expect(feed('https://www.yorkshireeveningpost.co.uk/rss', 'Yorkshire Evening Post')).toBe('news');
  });

  it('knows a feed of search results', () => {
    expect(isSearchFeed('https://www.google.com/alerts/feeds/1/2')).toBe(true);
    expect(isSearchFeed('https://news.google.com/rss/search?q=pedal')).toBe(true);
    expect(isSearchFeed('https://example.com/feed?q=pedal')).toBe(true);
    expect(isSearchFeed('https://example.com/feed')).toBe(false);
  });
});

describe('csvSourceOf', () => {
  it('maps known places to their kind and name, kinds alone to the kind, and keeps the rest as written', () => {
    expect(csvSourceOf('trustpilot')).toEqual({ source: 'reviews', platform: 'Trustpilot' });
    expect(csvSourceOf('Google Reviews')).toEqual({ source: 'reviews', platform: 'Google' });
    expect(csvSourceOf('Twitter / X')).toEqual({ source: 'social_media', platform: 'X (Twitter)' });
    expect(csvSourceOf('NPS')).toEqual({ source: 'surveys', platform: null });
    expect(csvSourceOf('Post-visit survey (March)')).toEqual({
      source: 'surveys',
      platform: 'Post-visit survey (March)',
    });
    expect(csvSourceOf('e-mail')).toEqual({ source: 'feedback', platform: 'E-mail' });
    expect(csvSourceOf('  Leeds\u0000  Coffee\tClub ')).toEqual({ source: null, platform: 'Leeds Coffee Club' });
    expect(csvSourceOf('')).toEqual({ source: null, platform: null });
    expect(csvSourceOf('x'.repeat(150)).platform).toHaveLength(100);
  });
});
