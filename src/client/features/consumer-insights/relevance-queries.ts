import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { TInsight } from '../../../shared/schemas/insights.ts';
import type {
  TBrandRelevanceTerms,
  TRelevanceTerms,
  TRelevanceTermsRequest,
} from '../../../shared/schemas/relevance.ts';
import { toast } from '../../hooks/use-toast.ts';
import { apiJson } from '../../lib/api.ts';
import { notifyError } from '../audits-shared/notify-error.ts';
import { allInsightsQueryKey } from './insight-queries.ts';
import type { RelevanceChange } from './relevance-controls.tsx';

export const relevanceTermsQueryKey = (brandId: string) => ['/api/brands', brandId, 'relevance-terms'] as const;

/** useSetInsightRelevance as a list hands it to its cards. */
export function useRelevanceChange(brandName: string): RelevanceChange {
  const { mutate, isPending, variables } = useSetInsightRelevance(brandName);
  const pendingId = isPending ? (variables?.insight.id ?? null) : null;
  // the same object until a change starts or ends, so the feed's cards are not drawn again
  return useMemo(
    () => ({ change: (insight, isRelevant) => mutate({ insight, isRelevant }), pendingId }),
    [mutate, pendingId],
  );
}

/** Flags an insight as not about the brand (false) or restores it (true); every list and report follows. */
export function useSetInsightRelevance(brandName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ insight, isRelevant }: { insight: TInsight; isRelevant: boolean }) =>
      apiJson<TInsight>('PATCH', `/api/consumer-insights/${encodeURIComponent(insight.id)}/relevance`, { isRelevant }),
    onSuccess: async (insight) => {
      toast(
        insight.isRelevant
          ? { title: 'Insight restored', description: `It counts again in ${brandName}'s figures and reports.` }
          : {
              title: 'Marked as not about the brand',
              description: `It is left out of ${brandName}'s figures and reports, and kept under “Filtered as not about the brand”.`,
            },
      );
      await queryClient.invalidateQueries({ queryKey: allInsightsQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['/api/sentiment-reports'] });
    },
    onError: (error) => notifyError(error, 'Failed to update insight', 'Failed to update insight'),
  });
}

export function useRelevanceTerms(brandId: string) {
  return useQuery<TBrandRelevanceTerms>({ queryKey: relevanceTermsQueryKey(brandId) });
}

/** Saves a brand's or a competitor's terms; the server scores the stored mentions again at once. */
export function useSaveRelevanceTerms(brandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ subject, terms }: { subject: TRelevanceTerms; terms: TRelevanceTermsRequest }) =>
      apiJson<TRelevanceTerms>(
        'PUT',
        subject.subject === 'brand'
          ? `/api/brands/${encodeURIComponent(brandId)}/relevance-terms`
          : `/api/competitors/${encodeURIComponent(subject.id)}/relevance-terms`,
        terms,
      ),
    onSuccess: async (saved) => {
      const moved = saved.rescored ?? 0;
      toast({
        title: 'Terms saved',
        description:
          moved === 0
            ? `No stored mention of ${saved.name} changed.`
            : `${moved} stored ${moved === 1 ? 'mention' : 'mentions'} of ${saved.name} checked again and moved.`,
      });
      await queryClient.invalidateQueries({ queryKey: relevanceTermsQueryKey(brandId) });
      await queryClient.invalidateQueries({ queryKey: allInsightsQueryKey });
    },
  });
}
