import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TNotificationList } from '../../../shared/schemas/notifications.ts';
import { apiRequest } from '../../lib/api.ts';

export const notificationsQueryKey = ['/api/notifications'] as const;

/**
 * How often the bell asks again on its own. It reports work that finishes in the background (an
 * audit, a discovery) while the user is anywhere in the app, so unlike the screens' lists it cannot
 * wait for a change made here; opening the bell asks at once as well.
 */
export const NOTIFICATIONS_REFRESH_MS = 60_000;

export function useNotifications() {
  return useQuery<TNotificationList>({ queryKey: notificationsQueryKey, refetchInterval: NOTIFICATIONS_REFRESH_MS });
}

/** Marks one notification read (`id`), or all of them (no id), for the signed-in user. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id?: string) => {
      await apiRequest(
        'POST',
        id ? `/api/notifications/${encodeURIComponent(id)}/read` : '/api/notifications/read-all',
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
