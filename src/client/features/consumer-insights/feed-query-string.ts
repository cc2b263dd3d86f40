import {
  mentionChannels,
  sentimentLabels,
  type TMentionChannel,
  type TSentimentLabel,
} from '../../../shared/schemas/insights.ts';
import {
  MAX_SEARCH_LENGTH,
  mentionSorts,
  type TMentionSort,
  type TMentionSubject,
} from '../../../shared/schemas/mention-feed.ts';
import { type BrandFilter, brandFilters } from './insight-filters.ts';

/**
 * The mention feed's filters as the address carries them, so a link reproduces the view and the
 * back button returns to the previous filters. The address speaks the API's words (about=brand,
 * sort=most-engaged) and leaves out what is the default; anything it cannot read is ignored.
 */
export type FeedFilters = {
  /** the search as typed; '' for none */
  q: string;
  sentiment: TSentimentLabel | null;
  /** whose mentions: SPEC's brand filter (my brand, competitors, all) */
  brand: BrandFilter;
  competitorId: string | null;
  channel: TMentionChannel | null;
  /** first and last day, YYYY-MM-DD */
  from: string | null;
  to: string | null;
  rated: 'true' | 'false' | null;
  sort: TMentionSort;
};

export const DEFAULT_SORT: TMentionSort = 'newest';

/** The feed's names in the address; `brand` (the selected brand) belongs to the page. */
export const feedParamNames = ['q', 'sentiment', 'about', 'competitor', 'channel', 'from', 'to', 'rated', 'sort'];

const aboutOfBrandFilter: Record<BrandFilter, TMentionSubject> = {
  'my-brand': 'brand',
  competitors: 'competitors',
  all: 'all',
};

export function aboutFor(brand: BrandFilter): TMentionSubject {
  return aboutOfBrandFilter[brand];
}

function brandFilterOfAbout(about: string | null): BrandFilter | null {
  const found = brandFilters.find((filter) => aboutOfBrandFilter[filter] === about);
  return found ?? null;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day that exists (2026-02-30 does not), written YYYY-MM-DD. */
function isDay(value: string | null): value is string {
  if (value === null || !DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The search as the API takes it: trimmed and at most MAX_SEARCH_LENGTH characters. */
export function cleanSearch(text: string): string {
  return text.trim().slice(0, MAX_SEARCH_LENGTH).trim();
}

/** No filter at all: every mention, whoever it is about, newest first. */
export function clearedFilters(): FeedFilters {
  return {
    q: '',
    sentiment: null,
    brand: 'all',
    competitorId: null,
    channel: null,
    from: null,
    to: null,
    rated: null,
    sort: DEFAULT_SORT,
  };
}

/**
 * The filters an address names. Whose mentions falls back to `storedBrandFilter` (the choice kept
 * in local storage) when the address names none; a competitor is only kept when competitors'
 * mentions can show; dates in the wrong order keep only the start.
 */
export function readFeedFilters(params: URLSearchParams, storedBrandFilter: BrandFilter): FeedFilters {
  const brand = brandFilterOfAbout(params.get('about')) ?? storedBrandFilter;
  const competitor = params.get('competitor');
  const from = params.get('from');
  const to = params.get('to');
  const fromDay = isDay(from) ? from : null;
  const toDay = isDay(to) && (fromDay === null || fromDay <= to) ? to : null;
  return {
    q: cleanSearch(params.get('q') ?? ''),
    sentiment: oneOf(sentimentLabels, params.get('sentiment')),
    brand,
    competitorId:
      brand !== 'my-brand' && competitor !== null && UUID.test(competitor) ? competitor.toLowerCase() : null,
    channel: oneOf(mentionChannels, params.get('channel')),
    from: fromDay,
    to: toDay,
    rated: oneOf(['true', 'false'] as const, params.get('rated')),
    sort: oneOf(mentionSorts, params.get('sort')) ?? DEFAULT_SORT,
  };
}

/**
 * The address for these filters, keeping whatever else `current` holds (the selected brand).
 * Whose mentions is always written, so a shared link does not depend on the reader's stored choice.
 */
export function writeFeedFilters(filters: FeedFilters, current = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const name of feedParamNames) next.delete(name);
  const q = cleanSearch(filters.q);
  if (q) next.set('q', q);
  if (filters.sentiment) next.set('sentiment', filters.sentiment);
  next.set('about', aboutFor(filters.brand));
  if (filters.competitorId && filters.brand !== 'my-brand') next.set('competitor', filters.competitorId);
  if (filters.channel) next.set('channel', filters.channel);
  if (filters.from) next.set('from', filters.from);
  if (filters.to) next.set('to', filters.to);
  if (filters.rated) next.set('rated', filters.rated);
  if (filters.sort !== DEFAULT_SORT) next.set('sort', filters.sort);
  return next;
}

/** Whether anything narrows the list beyond every mention of the brand and its competitors. */
export function isFiltered(filters: FeedFilters): boolean {
  return (
    filters.q !== '' ||
    filters.sentiment !== null ||
    filters.brand !== 'all' ||
    filters.competitorId !== null ||
    filters.channel !== null ||
    filters.from !== null ||
    filters.to !== null ||
    filters.rated !== null
  );
}

/**
 * The API's query (ZMentionFilters) for these filters: the list, its total, the summary and the
 * export all take it. `withSentiment: false` leaves the sentiment out, for counts per sentiment.
 */
export function mentionFilterParams(
  brandId: string,
  filters: FeedFilters,
  {
    relevance = 'relevant',
    withSentiment = true,
  }: { relevance?: 'relevant' | 'filtered'; withSentiment?: boolean } = {},
): URLSearchParams {
  const params = new URLSearchParams({ brandId });
  if (relevance !== 'relevant') params.set('relevance', relevance);
  const q = cleanSearch(filters.q);
  if (q) params.set('q', q);
  if (withSentiment && filters.sentiment) params.set('sentiment', filters.sentiment);
  params.set('about', aboutFor(filters.brand));
  if (filters.competitorId && filters.brand !== 'my-brand') params.set('competitorId', filters.competitorId);
  if (filters.channel) params.set('channel', filters.channel);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.rated) params.set('rated', filters.rated);
  return params;
}

/** The list's query (ZMentionListQuery): the filters, the order, and which page. */
export function mentionListParams(
  brandId: string,
  filters: FeedFilters,
  page: { cursor?: string | null; limit?: number; relevance?: 'relevant' | 'filtered' } = {},
): URLSearchParams {
  const params = mentionFilterParams(brandId, filters, { relevance: page.relevance });
  if (filters.sort !== DEFAULT_SORT) params.set('sort', filters.sort);
  if (page.limit !== undefined) params.set('limit', String(page.limit));
  if (page.cursor) params.set('cursor', page.cursor);
  return params;
}
