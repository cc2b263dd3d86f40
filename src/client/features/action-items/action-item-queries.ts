import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TActionItem, TGenerateActionsResponse } from '../../../shared/schemas/recommendations.ts';
import { useAuth } from '../../hooks/use-auth.ts';
import { toast } from '../../hooks/use-toast.ts';
import { apiJson, errorDisplayMessage, isUnauthorizedError } from '../../lib/api.ts';
import { navigateToServer, serverPaths } from '../../lib/navigation.ts';
import { LOGIN_REDIRECT_DELAY_MS } from '../auth/redirect-to-login.tsx';

export const actionItemsQueryKey = ['/api/action-items'] as const;

/** The dashboard lists at most this many pending actions, then '+N more actions' (SPEC §9). */
export const PENDING_ACTION_LIMIT = 5;
/** …and this many recently completed ones. */
export const COMPLETED_ACTION_LIMIT = 3;

/** The action items screen, where every action is listed. */
export const ACTION_ITEMS_PATH = '/action-items';

export type TActionStatusFilter = 'pending' | 'completed';

/** The action items screen filtered to one status and, optionally, one brand (its address says both). */
export function actionItemsPath({ status, brandId }: { status: TActionStatusFilter; brandId?: string | null }): string {
  const params = new URLSearchParams({ status });
  if (brandId) params.set('brand', brandId);
  return `${ACTION_ITEMS_PATH}?${params}`;
}

/** A failed generate call while signed out waits longer before the login redirect (SPEC §8). */
export const GENERATE_LOGIN_REDIRECT_DELAY_MS = 1500;

/** The colour of an action's priority: High chart-1, Medium chart-4, anything else chart-2 (SPEC §3). */
export function actionPriorityColour(priority: string): string {
  if (priority === 'High') return 'var(--chart-1)';
  if (priority === 'Medium') return 'var(--chart-4)';
  return 'var(--chart-2)';
}

/** Pending actions (optionally of one brand) in the server's order: highest priority first. */
export function pendingActions(items: TActionItem[], brandId: string | null = null): TActionItem[] {
  return items.filter((item) => item.status === 'pending' && (brandId === null || item.brandId === brandId));
}

/** Completed actions (optionally of one brand), most recently completed first. */
export function completedActions(items: TActionItem[], brandId: string | null = null): TActionItem[] {
  const time = (item: TActionItem) => (item.completedAt ? Date.parse(item.completedAt) : 0);
  return items
    .filter((item) => item.status === 'completed' && (brandId === null || item.brandId === brandId))
    .sort((a, b) => time(b) - time(a));
}

/** Every action item of the signed-in user (and their agency's brands); asked for only with a user. */
export function useActionItems() {
  const { user } = useAuth();
  return useQuery<TActionItem[]>({ queryKey: actionItemsQueryKey, enabled: !!user });
}

function unauthorised(description: string, delayMs: number): void {
  toast({ title: 'Unauthorized', description, variant: 'destructive' });
  setTimeout(() => navigateToServer(serverPaths.login), delayMs);
}

/**
 * Ticks an action off ('Action completed') or brings it back ('Action restored'); the list is asked
 * for again after each change. Signed out: the 'Unauthorized' toast and the login redirect.
 */
export function useSetActionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, status }: { item: TActionItem; status: TActionItem['status'] }) =>
      apiJson<TActionItem>('PATCH', `/api/action-items/${encodeURIComponent(item.id)}/status`, { status }),
    onSuccess: async (_updated, { status }) => {
      if (status === 'completed') {
        toast({ title: 'Action completed', description: 'Great work! Action marked as completed.' });
      } else {
        toast({ title: 'Action restored', description: 'Action moved back to pending' });
      }
      await queryClient.invalidateQueries({ queryKey: actionItemsQueryKey });
    },
    onError: (error, { status }) => {
      if (isUnauthorizedError(error)) {
        unauthorised('You are logged out. Logging in again...', LOGIN_REDIRECT_DELAY_MS);
        return;
      }
      toast({
        title: 'Error',
        description: status === 'completed' ? 'Failed to update action status' : 'Failed to restore action',
        variant: 'destructive',
      });
    },
  });
}

/**
 * Turns the latest completed audit of each brand into action items. Nothing already open (or already
 * done for the same audit) is added twice.
 */
export function useGenerateActions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<TGenerateActionsResponse>('POST', '/api/action-items/generate'),
    onSuccess: async (result) => {
      toast({
        title: 'Success',
        description:
          result.created > 0
            ? 'New action items generated based on your audit results'
            : 'Your action items are already up to date with your latest audits',
      });
      await queryClient.invalidateQueries({ queryKey: actionItemsQueryKey });
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        unauthorised('Please log in again to generate actions', GENERATE_LOGIN_REDIRECT_DELAY_MS);
        return;
      }
      toast({
        title: 'Error',
        description: errorDisplayMessage(error, 'Failed to generate action items'),
        variant: 'destructive',
      });
    },
  });
}
