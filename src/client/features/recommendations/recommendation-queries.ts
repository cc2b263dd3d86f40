import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TGeneratedRecommendations,
  TSavedRecommendations,
  TSharedRecommendations,
} from '../../../shared/schemas/recommendations.ts';
import { apiJson } from '../../lib/api.ts';
import { actionItemsQueryKey } from '../action-items/action-item-queries.ts';
import { notifyError } from '../audits-shared/notify-error.ts';

export const savedRecommendationsQueryKey = (auditId: string) =>
  ['/api/audits', auditId, 'marketing-recommendations'] as const;

export const sharedRecommendationsQueryKey = (token: string) =>
  ['/api/marketing-recommendations/share', token] as const;

/** An audit's saved marketing recommendations; `recommendations` is null until they are generated. */
export function useSavedRecommendations(auditId: string) {
  return useQuery<TSavedRecommendations>({ queryKey: savedRecommendationsQueryKey(auditId) });
}

/** The public recommendations behind a share token (no sign-in needed). */
export function useSharedRecommendations(token: string) {
  return useQuery<TSharedRecommendations>({ queryKey: sharedRecommendationsQueryKey(token), enabled: token !== '' });
}

/**
 * Writes (or rewrites) the recommendations from the audit's measured findings. The audit's fixes
 * become action items too, so the action list is asked for again.
 */
export function useGenerateRecommendations(
  auditId: string,
  options: { onGenerated?: (newActionItems: number) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiJson<TGeneratedRecommendations>(
        'POST',
        `/api/audits/${encodeURIComponent(auditId)}/marketing-recommendations`,
      ),
    onSuccess: async ({ actionItems, ...saved }) => {
      queryClient.setQueryData<TSavedRecommendations>(savedRecommendationsQueryKey(auditId), saved);
      options.onGenerated?.(actionItems.length);
      await queryClient.invalidateQueries({ queryKey: actionItemsQueryKey });
    },
    onError: (error) =>
      notifyError(
        error,
        'Failed to generate marketing recommendations',
        'Failed to generate marketing recommendations',
      ),
  });
}
