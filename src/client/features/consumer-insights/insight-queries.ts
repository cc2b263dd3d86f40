import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateInsightRequest, TInsight } from '../../../shared/schemas/insights.ts';
import { toast } from '../../hooks/use-toast.ts';
import { apiJson } from '../../lib/api.ts';
import { notifyError } from '../audits-shared/notify-error.ts';
import { confidenceText } from './insight-format.ts';

/** Every consumer-insight list; changes elsewhere (discovery, imports) invalidate by this prefix. */
export const allInsightsQueryKey = ['/api/consumer-insights'] as const;

/** Adds manual feedback; the server analyses it at once and the lists are asked for again. */
export function useCreateInsight({ onCreated }: { onCreated?: (insight: TInsight) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateInsightRequest) => apiJson<TInsight>('POST', '/api/consumer-insights', input),
    onSuccess: async (insight) => {
      toast({
        title: 'Consumer feedback analysed successfully',
        description: `Sentiment ${insight.sentiment}, ${insight.sentimentScore}/5 with ${confidenceText(insight.confidence)} confidence.`,
      });
      onCreated?.(insight);
      await queryClient.invalidateQueries({ queryKey: allInsightsQueryKey });
    },
    onError: (error) => notifyError(error, 'Failed to create consumer insight', 'Failed to create consumer insight'),
  });
}

/** Deletes one insight: 'Consumer insight deleted successfully', and the lists are asked for again. */
export function useDeleteInsight({ onDeleted }: { onDeleted?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (insight: TInsight) =>
      apiJson<{ id: string }>('DELETE', `/api/consumer-insights/${encodeURIComponent(insight.id)}`),
    onSuccess: async () => {
      toast({ title: 'Consumer insight deleted successfully' });
      onDeleted?.();
      await queryClient.invalidateQueries({ queryKey: allInsightsQueryKey });
    },
    onError: (error) => notifyError(error, 'Failed to delete insight', 'Failed to delete insight'),
  });
}
