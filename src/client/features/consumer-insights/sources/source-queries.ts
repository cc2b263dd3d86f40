import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  isTaskRunning,
  type TActiveDiscovery,
  type TCreateInsightSourceRequest,
  type TDiscoveryTask,
  type TImportTask,
  type TInsightSourceDto,
} from '../../../../shared/schemas/insight-sources.ts';
import { apiJson } from '../../../lib/api.ts';

/** Everything under /api/consumer-insights: the insight list, reports, discoveries. */
export const consumerInsightsQueryPrefix = ['/api/consumer-insights'] as const;
export const insightSourcesQueryKey = (brandId: string) => ['/api/brands', brandId, 'insight-sources'] as const;
export const activeDiscoveryQueryKey = ['/api/consumer-insights', 'discoveries', 'active'] as const;
export const discoveryQueryKey = (taskId: string) => ['/api/consumer-insights', 'discoveries', taskId] as const;
export const importQueryKey = (taskId: string) => ['/api/consumer-insights', 'imports', taskId] as const;

/** How often a running discovery or import is asked about; only while it runs. */
export const TASK_POLL_MS = 1000;

/** Asked again while the task runs; never after it ends or once a read has failed. */
function taskPollInterval(query: { state: { data: { status: string } | undefined; error: unknown } }) {
  if (query.state.error) return false;
  return !query.state.data || isTaskRunning(query.state.data) ? TASK_POLL_MS : false;
}

export function useInsightSources(brandId: string) {
  return useQuery<TInsightSourceDto[]>({ queryKey: insightSourcesQueryKey(brandId) });
}

export function useAddInsightSource(brandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateInsightSourceRequest) =>
      apiJson<TInsightSourceDto>('POST', `/api/brands/${brandId}/insight-sources`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: insightSourcesQueryKey(brandId) }),
  });
}

export function useDeleteInsightSource(brandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sourceId: string) => apiJson<void>('DELETE', `/api/brands/${brandId}/insight-sources/${sourceId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: insightSourcesQueryKey(brandId) }),
  });
}

/** The user's discovery still running, of any kind: while there is one, discovery buttons wait. */
export function useActiveDiscovery() {
  return useQuery<TActiveDiscovery>({
    queryKey: activeDiscoveryQueryKey,
    // Fresh on each visit, so a discovery started in another tab holds the buttons here too.
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.task ? TASK_POLL_MS * 2 : false),
  });
}

export function useDiscoveryTask(taskId: string | null) {
  return useQuery<TDiscoveryTask>({
    queryKey: discoveryQueryKey(taskId ?? ''),
    enabled: taskId !== null,
    staleTime: 0,
    refetchInterval: taskPollInterval,
  });
}

export function useImportTask(taskId: string | null) {
  return useQuery<TImportTask>({
    queryKey: importQueryKey(taskId ?? ''),
    enabled: taskId !== null,
    staleTime: 0,
    refetchInterval: taskPollInterval,
  });
}

export function startDiscovery(brandId: string) {
  return apiJson<TDiscoveryTask>('POST', '/api/consumer-insights/discover', { brandId });
}
