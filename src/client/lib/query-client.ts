import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api.ts';

/**
 * Cached data never goes stale on its own: no refetch on focus, no polling, no automatic retries.
 * Screens refresh what they need by invalidating queries after a successful change.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
