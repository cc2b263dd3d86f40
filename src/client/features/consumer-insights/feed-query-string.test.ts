import { describe, expect, it } from 'vitest';
import { ZMentionFilters, ZMentionListQuery } from '../../../shared/schemas/mention-feed.ts';
import {
  clearedFilters,
  type FeedFilters,
  isFiltered,
  mentionFilterParams,
  mentionListParams,
  readFeedFilters,
  writeFeedFilters,
} from './feed-query-string.ts';

const BRAND = '0b6c1f3e-2a4d-4e5f-9a1b-2c3d4e5f6a7b';
const RIVAL = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const read = (search: string, stored: FeedFilters['brand'] = 'my-brand') =>
  readFeedFilters(new URLSearchParams(search), stored);

const everyFilter: FeedFilters = {
  q: 'flat white -decaf',
  sentiment: 'negative',
  brand: 'competitors',
  competitorId: RIVAL,
  channel: 'reviews',
  from: '2026-11-01',
  to: '2026-11-30',
  rated: 'true',
  sort: 'most-engaged',
};

describe('the feed filters in the address', () => {
  it('reads every filter the address names, in the API words', () => {
    const search =
      'q=flat+white+-decaf&sentiment=negative&about=competitors&competitor=6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b' +
      '&channel=reviews&from=2026-11-01&to=2026-11-30&rated=true&sort=most-engaged';
    expect(read(search)).toEqual(everyFilter);
  });

  it('writes them back to the same address, leaving out the default order', () => {
    const written = writeFeedFilters(everyFilter);
    expect(read(written.toString())).toEqual(everyFilter);
    expect(writeFeedFilters({ ...everyFilter, sort: 'newest' }).has('sort')).toBe(false);
    expect(Object.fromEntries(writeFeedFilters({ ...clearedFilters(), brand: 'my-brand' }))).toEqual({
      about: 'brand',
    });
  });

  it('falls back to the stored brand filter only when the address names none', () => {
    expect(read('', 'competitors').brand).toBe('competitors');
    expect(read('', 'my-brand').brand).toBe('my-brand');
    expect(read('about=all', 'competitors').brand).toBe('all');
    expect(read('about=brand', 'all').brand).toBe('my-brand');
    expect(read('about=everyone', 'competitors').brand).toBe('competitors');
  });

  it('always writes whose mentions, so a shared link does not depend on the reader', () => {
    expect(writeFeedFilters({ ...clearedFilters(), brand: 'all' }).get('about')).toBe('all');
    expect(writeFeedFilters({ ...clearedFilters(), brand: 'competitors' }).get('about')).toBe('competitors');
  });

  it('keeps the rest of the address (the selected brand) and replaces the old filters', () => {
    const current = new URLSearchParams(`brand=${BRAND}&sentiment=positive&channel=news`);
    const next = writeFeedFilters({ ...clearedFilters(), sentiment: 'neutral' }, current);
    expect(next.get('brand')).toBe(BRAND);
    expect(next.get('sentiment')).toBe('neutral');
    expect(next.has('channel')).toBe(false);
  });

  it('ignores what it cannot read', () => {
    const filters = read(
      'sentiment=angry&channel=telegram&rated=maybe&sort=random&competitor=not-an-id&about=all&from=2026-02-30&to=yesterday',
    );
    expect(filters).toEqual({ ...clearedFilters(), brand: 'all' });
  });

  it('keeps only the start when the dates are in the wrong order, and trims a long search', () => {
    const filters = read(`from=2026-12-01&to=2026-11-01&q=${'  word'.repeat(60)}`);
    expect(filters.from).toBe('2026-12-01');
    expect(filters.to).toBeNull();
    expect(filters.q.length).toBeLessThanOrEqual(200);
    expect(filters.q.startsWith('word')).toBe(true);
  });

  it("drops a competitor when only the brand's own mentions show", () => {
    expect(read(`about=brand&competitor=${RIVAL}`).competitorId).toBeNull();
    expect(writeFeedFilters({ ...everyFilter, brand: 'my-brand' }).has('competitor')).toBe(false);
  });

  it('counts as filtered anything beyond every mention of everyone', () => {
    expect(isFiltered(clearedFilters())).toBe(false);
    expect(isFiltered({ ...clearedFilters(), sort: 'oldest' })).toBe(false);
    expect(isFiltered({ ...clearedFilters(), brand: 'my-brand' })).toBe(true);
    expect(isFiltered({ ...clearedFilters(), q: 'latte' })).toBe(true);
    expect(isFiltered({ ...clearedFilters(), rated: 'false' })).toBe(true);
  });
});

describe("the API's query for the filters", () => {
  it('is a list query the shared contract accepts, with the page', () => {
    const params = mentionListParams(BRAND, everyFilter, { cursor: 'abc_123', limit: 50 });
    expect(Object.fromEntries(params)).toEqual({
      brandId: BRAND,
      q: 'flat white -decaf',
      sentiment: 'negative',
      about: 'competitors',
      competitorId: RIVAL,
      channel: 'reviews',
      from: '2026-11-01',
      to: '2026-11-30',
      rated: 'true',
      sort: 'most-engaged',
      limit: '50',
      cursor: 'abc_123',
    });
    expect(ZMentionListQuery.safeParse(Object.fromEntries(params)).success).toBe(true);
  });

  it('maps my brand to about=brand, and asks for the filtered-out list by relevance', () => {
    const params = mentionListParams(BRAND, { ...clearedFilters(), brand: 'my-brand' }, { relevance: 'filtered' });
    expect(Object.fromEntries(params)).toEqual({ brandId: BRAND, relevance: 'filtered', about: 'brand' });
  });

  it('leaves the sentiment and the order out of the summary when asked, for counts per sentiment', () => {
    const params = mentionFilterParams(BRAND, everyFilter, { withSentiment: false });
    expect(params.has('sentiment')).toBe(false);
    expect(params.has('sort')).toBe(false);
    const parsed = ZMentionFilters.parse(Object.fromEntries(params));
    expect(parsed).toMatchObject({ about: 'competitors', competitorId: RIVAL, channel: 'reviews', rated: 'true' });
  });
});
