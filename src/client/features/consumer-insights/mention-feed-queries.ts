import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { TInsight, TSentimentLabel } from '../../../shared/schemas/insights.ts';
import type { TMentionSummary } from '../../../shared/schemas/mention-feed.ts';
import { nextPageCursor, TOTAL_COUNT_HEADER } from '../../../shared/schemas/paging.ts';
import { toast } from '../../hooks/use-toast.ts';
import { apiJson, apiJsonWithHeaders } from '../../lib/api.ts';
import { notifyError } from '../audits-shared/notify-error.ts';
import { clearedFilters, type FeedFilters, mentionFilterParams, mentionListParams } from './feed-query-string.ts';
import { sentimentLabels } from './insight-format.ts';

/** One page of the feed: its mentions, the total matching the filters, and the next page's cursor. */
export type MentionPage = { mentions: TInsight[]; total: number; nextCursor: string | null };
export type MentionPages = InfiniteData<MentionPage, string | null>;

/** Every key here starts with the list's path, so changes elsewhere invalidate them with allInsightsQueryKey. */
const feedKey = (brandId: string, relevance: 'relevant' | 'filtered', filters: FeedFilters) =>
  ['/api/consumer-insights', brandId, 'feed', relevance, filters] as const;
const summaryKey = (brandId: string, params: string) => ['/api/consumer-insights', brandId, 'summary', params] as const;
const brandTotalKey = (brandId: string) => ['/api/consumer-insights', brandId, 'total'] as const;

async function fetchMentionPage(url: string, signal: AbortSignal): Promise<MentionPage> {
  const { body, headers } = await apiJsonWithHeaders<TInsight[]>('GET', url, undefined, signal);
  const mentions = body ?? [];
  const total = Number(headers.get(TOTAL_COUNT_HEADER));
  return {
    mentions,
    total: Number.isFinite(total) && headers.has(TOTAL_COUNT_HEADER) ? total : mentions.length,
    nextCursor: nextPageCursor(headers.get('link')),
  };
}

const mentionFeedOptions = (brandId: string, relevance: 'relevant' | 'filtered', filters: FeedFilters) =>
  infiniteQueryOptions({
    queryKey: feedKey(brandId, relevance, filters),
    queryFn: ({ pageParam, signal }) =>
      fetchMentionPage(
        `/api/consumer-insights?${mentionListParams(brandId, filters, { cursor: pageParam, relevance })}`,
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/**
 * The feed one page at a time (the cursor is the page parameter): the first page, then each next
 * one as the reader scrolls. A change of filters keeps the old pages on screen until the new first
 * page arrives, so the list does not flash empty.
 */
export function useMentionFeed(
  brandId: string,
  filters: FeedFilters,
  { relevance = 'relevant', enabled = true }: { relevance?: 'relevant' | 'filtered'; enabled?: boolean } = {},
) {
  return useInfiniteQuery({
    ...mentionFeedOptions(brandId, relevance, filters),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** How many mentions the brand has at all (every subject, no filter): one row is enough for the total. */
export function useBrandMentionTotal(brandId: string) {
  return useQuery({
    queryKey: brandTotalKey(brandId),
    queryFn: async ({ signal }) =>
      (
        await fetchMentionPage(
          `/api/consumer-insights?${mentionListParams(brandId, clearedFilters(), { limit: 1 })}`,
          signal,
        )
      ).total,
  });
}

const mentionSummaryOptions = (brandId: string, filters: FeedFilters) => {
  const params = mentionFilterParams(brandId, filters, { withSentiment: false }).toString();
  return queryOptions({
    queryKey: summaryKey(brandId, params),
    queryFn: async ({ signal }) =>
      (await apiJsonWithHeaders<TMentionSummary>('GET', `/api/consumer-insights/summary?${params}`, undefined, signal))
        .body,
  });
};

/**
 * The figures for the current filters: the volume chart, the share of voice and the count on each
 * sentiment chip. Asked for without the sentiment, so every chip can show its own count.
 */
export function useMentionSummary(brandId: string, filters: FeedFilters) {
  return useQuery({ ...mentionSummaryOptions(brandId, filters), placeholderData: keepPreviousData });
}

/**
 * Asks for the feed's first page and its figures beside the brand's total rather than after it
 * (the feed shows once the total says there is something to show): the screen's first card then
 * waits for one round of requests, not two. Subscribes to nothing, so the caller does not re-render.
 */
export function usePrefetchMentionFeed(brandId: string, filters: FeedFilters, { enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const filtersKey = JSON.stringify(filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: asks again when the filters (their key) change
  useEffect(() => {
    if (!enabled) return;
    void queryClient.prefetchInfiniteQuery(mentionFeedOptions(brandId, 'relevant', filters));
    void queryClient.prefetchQuery(mentionSummaryOptions(brandId, filters));
  }, [queryClient, brandId, filtersKey, enabled]);
}

/** What a list hands its cards to correct a sentiment: one mutation for the list, not one per card. */
export type SentimentCorrection = {
  correct: (insight: TInsight, sentiment: TSentimentLabel) => void;
  pendingId: string | null;
};

/** Puts the corrected mention in place in every loaded page, so the list keeps its place. */
function replaceInPages(data: MentionPages | undefined, updated: TInsight): MentionPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      mentions: page.mentions.map((mention) => (mention.id === updated.id ? updated : mention)),
    })),
  };
}

/**
 * A person's word on a mention's sentiment (PATCH .../sentiment). The card changes in place; the
 * figures (summary, sentiment counts) are asked for again.
 */
export function useSentimentCorrection(): SentimentCorrection {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ insight, sentiment }: { insight: TInsight; sentiment: TSentimentLabel }) =>
      apiJson<TInsight>('PATCH', `/api/consumer-insights/${encodeURIComponent(insight.id)}/sentiment`, { sentiment }),
    onSuccess: async (updated) => {
      queryClient.setQueriesData<MentionPages>(
        { queryKey: ['/api/consumer-insights', updated.brandId, 'feed'] },
        (data) => replaceInPages(data, updated),
      );
      const engine = updated.engineSentiment ? sentimentLabels[updated.engineSentiment] : null;
      toast({
        title: 'Sentiment corrected',
        description: `Marked as ${sentimentLabels[updated.sentiment]}${engine ? `; the engine said ${engine}` : ''}. Counts and charts follow.`,
      });
      // Lists of other filters (another sentiment) are read again when next shown; this one keeps its place.
      await queryClient.invalidateQueries({
        queryKey: ['/api/consumer-insights', updated.brandId, 'feed'],
        refetchType: 'none',
      });
      await queryClient.invalidateQueries({ queryKey: ['/api/consumer-insights', updated.brandId, 'summary'] });
    },
    onError: (error) => notifyError(error, 'Failed to correct sentiment', 'Failed to correct sentiment'),
  });
  const { mutate } = mutation;
  const pendingId = mutation.isPending ? (mutation.variables?.insight.id ?? null) : null;
  // the same object until a correction starts or ends, so the feed's cards are not drawn again
  return useMemo(
    () => ({ correct: (insight, sentiment) => mutate({ insight, sentiment }), pendingId }),
    [mutate, pendingId],
  );
}
