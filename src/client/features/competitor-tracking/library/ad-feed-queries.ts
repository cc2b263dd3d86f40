import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { TAdFeedSummary } from '../../../../shared/schemas/ad-feed.ts';
import type { TAd } from '../../../../shared/schemas/competitors.ts';
import { apiItemsPage, apiJson } from '../../../lib/api.ts';
import { adLibraryQueryPrefix } from '../competitor-queries.ts';
import { adApiQuery, DEFAULT_AD_SORT, searchFromAdFilters, type TAdFilters } from './ad-filters.ts';

/** Ads asked for at a time: a few screens of cards. */
export const AD_PAGE_SIZE = 30;

/**
 * Keys under the ad library's prefix, so that whatever refreshes the library (an ad saved,
 * discovery finished) refreshes the pages and the figures too.
 */
const adFeedQueryKey = (brandId: string, filters: TAdFilters) =>
  [...adLibraryQueryPrefix, brandId, 'feed', searchFromAdFilters(filters).toString()] as const;
const adSummaryQueryKey = (brandId: string, filters: TAdFilters) =>
  [...adLibraryQueryPrefix, brandId, 'summary', searchFromAdFilters(filters).toString()] as const;

/** The address of the CSV of every ad the filters choose, in the list's order. */
export const adExportUrl = (brandId: string, filters: TAdFilters) =>
  `/api/ad-library/export.csv?${adApiQuery(brandId, filters)}`;

/**
 * The library one page at a time, the next page asked for with the cursor the last one gave.
 * While new filters load, the previous list stays on screen rather than a blank.
 */
export function useAdFeed(brandId: string, filters: TAdFilters, { enabled = true } = {}) {
  return useInfiniteQuery({
    enabled,
    queryKey: adFeedQueryKey(brandId, filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiItemsPage<TAd>(
        `/api/ad-library?${adApiQuery(brandId, filters, { limit: String(AD_PAGE_SIZE), ...(pageParam ? { cursor: pageParam } : {}) })}`,
        { signal },
      ),
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** The figures of the filtered library, counted by the server (the order does not change them). */
export function useAdSummary(brandId: string, filters: TAdFilters, { enabled = true } = {}) {
  const counted = { ...filters, sort: DEFAULT_AD_SORT };
  return useQuery<TAdFeedSummary>({
    enabled,
    queryKey: adSummaryQueryKey(brandId, counted),
    queryFn: () => apiJson<TAdFeedSummary>('GET', `/api/ad-library/summary?${adApiQuery(brandId, counted)}`),
    placeholderData: keepPreviousData,
  });
}
