import { z } from 'zod';
import { adSorts, adStatuses, type TAdSort, type TAdStatus } from '../../../../shared/schemas/ad-feed.ts';
import {
  adPlatforms,
  metaMediaTypes,
  type TAdPlatform,
  type TMetaMediaType,
} from '../../../../shared/schemas/competitors.ts';
import { ZSearchText } from '../../../../shared/schemas/mention-feed.ts';

/**
 * The Ad Library's filters as the address holds them. The query string uses the API's own names
 * (GET /api/ad-library), so a shared link, the list, its summary and the CSV export all ask for
 * the same ads. A value the API would refuse (an unknown platform, a malformed date) is left out,
 * so an edited or stale link still shows a library.
 */
export type TAdFilters = {
  q: string;
  competitorId: string | null;
  platform: TAdPlatform | null;
  mediaType: TMetaMediaType | null;
  publisherPlatform: string | null;
  status: TAdStatus | null;
  /** first and last day the ads ran, YYYY-MM-DD (UTC) */
  from: string | null;
  to: string | null;
  sort: TAdSort;
};

export const DEFAULT_AD_SORT: TAdSort = 'newest';

export const noAdFilters: TAdFilters = {
  q: '',
  competitorId: null,
  platform: null,
  mediaType: null,
  publisherPlatform: null,
  status: null,
  from: null,
  to: null,
  sort: DEFAULT_AD_SORT,
};

/** The query-string names of the filters, in the order the address writes them. */
export const adFilterParams = [
  'q',
  'competitorId',
  'platform',
  'mediaType',
  'publisherPlatform',
  'status',
  'from',
  'to',
  'sort',
] as const satisfies readonly (keyof TAdFilters)[];

const ZUuid = z.uuid();
const ZDay = z.iso.date();
const PUBLISHER_PLATFORM = /^[a-z_]{1,40}$/;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

const valid = (schema: z.ZodType<string>, value: string | null): string | null =>
  value !== null && schema.safeParse(value).success ? value : null;

/** The filters a query string asks for; what is missing or not valid is no filter. */
export function adFiltersFromSearch(search: URLSearchParams | string): TAdFilters {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const text = ZSearchText.safeParse(params.get('q') ?? '');
  const publisherPlatform = params.get('publisherPlatform');
  let from = valid(ZDay, params.get('from'));
  let to = valid(ZDay, params.get('to'));
  // Dates typed the wrong way round still mean the days between them.
  if (from && to && from > to) [from, to] = [to, from];
  return {
    q: text.success ? text.data : '',
    competitorId: valid(ZUuid, params.get('competitorId')),
    platform: oneOf(adPlatforms, params.get('platform')),
    mediaType: oneOf(metaMediaTypes, params.get('mediaType')),
    publisherPlatform: publisherPlatform && PUBLISHER_PLATFORM.test(publisherPlatform) ? publisherPlatform : null,
    status: oneOf(adStatuses, params.get('status')),
    from,
    to,
    sort: oneOf(adSorts, params.get('sort')) ?? DEFAULT_AD_SORT,
  };
}

/** The query string of the filters: only those set, and the sort only when it is not the default. */
export function searchFromAdFilters(filters: TAdFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of adFilterParams) {
    const value = name === 'q' ? filters.q.trim() : filters[name];
    if (!value || (name === 'sort' && value === DEFAULT_AD_SORT)) continue;
    params.set(name, value);
  }
  return params;
}

/** Whether any filter narrows the library (the sort does not). */
export function hasAdFilters(filters: TAdFilters): boolean {
  return searchFromAdFilters({ ...filters, sort: DEFAULT_AD_SORT }).size > 0;
}

/**
 * The address's query string with the filters replaced: other parameters (the brand) stay where
 * they are, the filters follow them.
 */
export function withAdFilters(current: URLSearchParams, filters: TAdFilters): URLSearchParams {
  const next = new URLSearchParams();
  for (const [name, value] of current) {
    if (!(adFilterParams as readonly string[]).includes(name)) next.append(name, value);
  }
  for (const [name, value] of searchFromAdFilters(filters)) next.set(name, value);
  return next;
}

/** The API's query string for the brand's ads under the filters, e.g. for the list or the export. */
export function adApiQuery(brandId: string, filters: TAdFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ brandId });
  for (const [name, value] of searchFromAdFilters(filters)) params.set(name, value);
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  return params.toString();
}
