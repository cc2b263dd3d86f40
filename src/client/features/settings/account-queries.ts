import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAccountExport, TDeleteAccountRequest, TLatestAccountExport } from '../../../shared/schemas/account.ts';
import { apiJson } from '../../lib/api.ts';
import { navigateToServer } from '../../lib/navigation.ts';
import { notifyError } from '../audits-shared/notify-error.ts';

export const accountExportQueryKey = ['/api/account/export'] as const;

/** How often the card asks how far the export has got, only while it is being prepared. */
const EXPORT_POLL_MS = 1_000;

/** The latest data export, polled while the job prepares it. */
export function useLatestAccountExport() {
  return useQuery<TLatestAccountExport>({
    queryKey: accountExportQueryKey,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.export?.status === 'processing' ? EXPORT_POLL_MS : false),
  });
}

export function useStartAccountExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<{ export: TAccountExport }>('POST', '/api/account/export'),
    onSuccess: (started) => queryClient.setQueryData<TLatestAccountExport>(accountExportQueryKey, started),
    onError: (error) => {
      notifyError(error, 'Export Failed', 'Failed to start your data export');
      void queryClient.invalidateQueries({ queryKey: accountExportQueryKey });
    },
  });
}

/**
 * Deletes the account. The server has ended every session and cleared the cookie by the time it
 * answers, so the browser simply loads / again, signed out.
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (request: TDeleteAccountRequest) => apiJson<{ message: string }>('DELETE', '/api/account', request),
    onSuccess: () => navigateToServer('/'),
    onError: (error) => notifyError(error, 'Failed to delete account', 'Your account could not be deleted'),
  });
}
