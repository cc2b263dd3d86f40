import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TAuditDetail, TAuditSummary } from '../../../shared/schemas/audits.ts';
import type { TBrand } from '../../../shared/schemas/brands.ts';
import { toast } from '../../hooks/use-toast.ts';
import { apiJson } from '../../lib/api.ts';
import { refreshCurrentUser } from '../../lib/current-user.ts';
import { cachedItems, type PagedData, updateCachedPages, usePagedList } from '../../lib/paged-list.ts';
import { notifyError } from './notify-error.ts';

export const brandsQueryKey = ['/api/brands'] as const;
export const auditsQueryKey = ['/api/audits'] as const;
export const auditQueryKey = (id: string) => ['/api/audits', id] as const;

/** How often a screen asks again while an audit is processing. */
export const AUDIT_POLL_MS = 2000;

export function useBrands() {
  return useQuery<TBrand[]>({ queryKey: brandsQueryKey });
}

export function hasProcessingAudit(audits: TAuditSummary[] | undefined): boolean {
  return audits?.some((audit) => audit.status === 'processing') ?? false;
}

const auditsOf = (body: TAuditSummary[]) => body;

/**
 * The audits, newest first, one page at a time ("Load more" reaches older ones). The pages loaded
 * are asked for again every 2 s while one of their audits is processing, and never otherwise.
 */
export function useAudits() {
  return usePagedList<TAuditSummary[], TAuditSummary>({
    queryKey: auditsQueryKey,
    itemsOf: auditsOf,
    refetchInterval: (audits) => (hasProcessingAudit(audits) ? AUDIT_POLL_MS : false),
  });
}

/** One audit with its analysis; polled every 2 s while it is processing, and fresh on each visit until then. */
export function useAudit(id: string) {
  const queryClient = useQueryClient();
  const result = useQuery<TAuditDetail>({
    queryKey: auditQueryKey(id),
    staleTime: (query) => (query.state.data?.status === 'completed' ? Number.POSITIVE_INFINITY : 0),
    refetchInterval: (query) => (query.state.data?.status === 'processing' ? AUDIT_POLL_MS : false),
  });

  // When the audit finishes here, the cached list (dashboard, brand audit page) learns of it too.
  const status = result.data?.status;
  useEffect(() => {
    if (!status || status === 'processing') return;
    const listed = cachedItems(queryClient, auditsQueryKey, auditsOf)?.find((audit) => audit.id === id);
    if (listed && listed.status !== status) {
      void queryClient.invalidateQueries({ queryKey: auditsQueryKey, exact: true });
    }
  }, [status, id, queryClient]);

  return result;
}

/** Starts an audit of a brand: 'Audit Started', or 'Failed to start audit' with the server's reason. */
export function useStartAudit(options: { onStarted?: (audit: TAuditSummary) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (brandId: string) => apiJson<TAuditSummary>('POST', '/api/audits', { brandId }),
    onSuccess: async (audit) => {
      toast({
        title: 'Audit Started',
        description: `We're auditing ${audit.brandName ?? 'your brand'}. This usually takes a minute or two.`,
      });
      // The new audit shows at once at the top of the first page, before the list is read again.
      updateCachedPages<TAuditSummary[]>(queryClient, auditsQueryKey, (page) =>
        page.filter((row) => row.id !== audit.id),
      );
      queryClient.setQueryData<PagedData<TAuditSummary[]>>(auditsQueryKey, (current) => {
        const [first, ...rest] = current?.pages ?? [];
        return current && first
          ? { ...current, pages: [{ ...first, body: [audit, ...first.body] }, ...rest] }
          : current;
      });
      options.onStarted?.(audit);
      // The allowance left changed with this start.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: auditsQueryKey, exact: true }),
        refreshCurrentUser(),
      ]);
    },
    onError: (error) => notifyError(error, 'Failed to start audit', 'Failed to start audit'),
  });
}
