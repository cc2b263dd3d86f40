import { useQuery } from '@tanstack/react-query';
import type { TActiveAdDiscovery, TAdDiscoveryTask, TAdSources } from '../../../../shared/schemas/ad-discovery.ts';
import { apiJson } from '../../../lib/api.ts';

export const adSourcesQueryKey = ['/api/ad-discovery', 'sources'] as const;
export const activeAdDiscoveryQueryKey = ['/api/ad-discovery', 'active'] as const;
export const adDiscoveryQueryKey = (taskId: string) => ['/api/ad-discovery', taskId] as const;
/** The last discovery seen to end on this page (kept in the cache only; never fetched). */
export const lastAdDiscoveryQueryKey = ['ad-discovery', 'last'] as const;
/** What a finished discovery changes: the ad library and the competitors' counts. */
export const refreshedAfterDiscovery = [['/api/ad-library'], ['/api/competitors']] as const;

/** How often a running discovery is asked about; only while it runs. */
export const AD_TASK_POLL_MS = 1000;

const isRunning = (task: { status: string } | null | undefined) =>
  task?.status === 'queued' || task?.status === 'running';

export function useAdSources() {
  return useQuery<TAdSources>({ queryKey: adSourcesQueryKey });
}

/** The user's ad discovery still running: while there is one, discovery buttons wait. */
export function useActiveAdDiscovery() {
  return useQuery<TActiveAdDiscovery>({
    queryKey: activeAdDiscoveryQueryKey,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.task ? AD_TASK_POLL_MS * 2 : false),
  });
}

export function useAdDiscoveryTask(taskId: string | null) {
  return useQuery<TAdDiscoveryTask>({
    queryKey: adDiscoveryQueryKey(taskId ?? ''),
    enabled: taskId !== null,
    staleTime: 0,
    refetchInterval: (query) => {
      if (query.state.error) return false;
      return !query.state.data || isRunning(query.state.data) ? AD_TASK_POLL_MS : false;
    },
  });
}

export function useLastAdDiscovery() {
  return useQuery<TAdDiscoveryTask | null>({
    queryKey: lastAdDiscoveryQueryKey,
    queryFn: () => null,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function startCompetitorAdDiscovery(competitorId: string) {
  return apiJson<TAdDiscoveryTask>('POST', `/api/competitors/${competitorId}/discover-ads`);
}

export function startBrandAdDiscovery(brandId: string) {
  return apiJson<TAdDiscoveryTask>('POST', `/api/brands/${brandId}/discover-all-ads`);
}

export { isRunning as isAdDiscoveryRunning };
