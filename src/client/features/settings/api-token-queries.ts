import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TApiToken, TCreateApiTokenRequest, TCreatedApiToken } from '../../../shared/schemas/api-tokens.ts';
import { toast } from '../../hooks/use-toast.ts';
import { apiJson } from '../../lib/api.ts';
import { notifyError } from '../audits-shared/notify-error.ts';

export const apiTokensQueryKey = ['/api/api-tokens'] as const;

export function useApiTokens() {
  return useQuery<TApiToken[]>({ queryKey: apiTokensQueryKey });
}

/** Creates a token; `onCreated` receives it with its secret, which no later read returns. */
export function useCreateApiToken(onCreated: (token: TCreatedApiToken) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreateApiTokenRequest) => apiJson<TCreatedApiToken>('POST', '/api/api-tokens', input),
    onSuccess: async (created) => {
      onCreated(created);
      toast({ title: 'API Token Created', description: 'Copy it now: it is shown only once.' });
      await queryClient.invalidateQueries({ queryKey: apiTokensQueryKey });
    },
    onError: (error) => notifyError(error, 'Failed to create API token', 'Failed to create API token'),
  });
}

export function useRevokeApiToken(onRevoked: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) => apiJson<TApiToken>('DELETE', `/api/api-tokens/${encodeURIComponent(tokenId)}`),
    onSuccess: async (revoked) => {
      onRevoked();
      toast({ title: 'API Token Revoked', description: `"${revoked.name}" no longer works.` });
      await queryClient.invalidateQueries({ queryKey: apiTokensQueryKey });
    },
    onError: (error) => notifyError(error, 'Failed to revoke API token', 'Failed to revoke API token'),
  });
}
