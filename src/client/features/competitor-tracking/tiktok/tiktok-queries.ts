import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCompetitorWithCounts } from '../../../../shared/schemas/competitors.ts';
import type { TTikTokAdvertisers, TTikTokDiscoveryTask, TTikTokSource } from '../../../../shared/schemas/tiktok-ads.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { apiJson } from '../../../lib/api.ts';
import { notifyError } from '../../audits-shared/notify-error.ts';
import { useRefreshTracking } from '../competitor-queries.ts';

export function useTikTokSource() {
  return useQuery<TTikTokSource>({
    queryKey: ['/api/tiktok-ads', 'source'],
    queryFn: () => apiJson<TTikTokSource>('GET', '/api/tiktok-ads/source'),
    staleTime: 5 * 60 * 1000,
  });
}

/** Advertisers whose name matches (a TikTok request, spending the server's daily quota: asked only on Search). */
export function useTikTokAdvertisers(competitorId: string, searchTerm: string | null) {
  return useQuery<TTikTokAdvertisers>({
    queryKey: ['/api/competitors', competitorId, 'tiktok-advertisers', searchTerm],
    queryFn: () =>
      apiJson<TTikTokAdvertisers>(
        'GET',
        `/api/competitors/${encodeURIComponent(competitorId)}/tiktok-advertisers?q=${encodeURIComponent(searchTerm ?? '')}`,
      ),
    enabled: searchTerm !== null && searchTerm.length > 0,
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
}

export function useChooseTikTokAdvertiser(competitorId: string, { onChosen }: { onChosen?: () => void } = {}) {
  const refresh = useRefreshTracking();
  return useMutation({
    mutationFn: (input: { businessId: string; businessName?: string | null }) =>
      apiJson<TCompetitorWithCounts>(
        'PUT',
        `/api/competitors/${encodeURIComponent(competitorId)}/tiktok-advertiser`,
        input,
      ),
    onSuccess: async (competitor) => {
      toast({
        title: 'TikTok advertiser chosen',
        description: `${competitor.name}'s TikTok ads are now read from ${competitor.tiktokBusinessName ?? `business ${competitor.tiktokBusinessId}`}.`,
      });
      onChosen?.();
      await refresh();
    },
    onError: (error) => notifyError(error, 'Failed to choose the advertiser', 'Failed to choose the advertiser'),
  });
}

const taskKey = (taskId: string) => ['/api/tiktok-discovery', taskId] as const;

/** Starts a TikTok discovery and follows its task until it ends; the library is refreshed then. */
export function useTikTokDiscovery(competitorId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshTracking();
  const start = useMutation({
    mutationFn: () =>
      apiJson<TTikTokDiscoveryTask>('POST', `/api/competitors/${encodeURIComponent(competitorId)}/discover-tiktok-ads`),
    onSuccess: (task) => queryClient.setQueryData(taskKey(task.id), task),
    onError: (error) => notifyError(error, 'TikTok discovery failed', 'The TikTok discovery could not start'),
  });
  const taskId = start.data?.id ?? null;
  const task = useQuery<TTikTokDiscoveryTask>({
    queryKey: taskKey(taskId ?? 'none'),
    queryFn: async () => {
      const current = await apiJson<TTikTokDiscoveryTask>('GET', `/api/tiktok-discovery/${taskId}`);
      if (current.status === 'completed' || current.status === 'failed') await refresh();
      return current;
    },
    enabled: taskId !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'completed' || status === 'failed' ? false : 1000;
    },
  });
  return { start, task: task.data ?? null };
}
