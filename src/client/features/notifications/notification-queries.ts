import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  NOTIFICATION_PAGE_SIZE,
  type TNotification,
  type TNotificationList,
} from '../../../shared/schemas/notifications.ts';
import { apiRequest } from '../../lib/api.ts';
import { usePagedList } from '../../lib/paged-list.ts';

export const notificationsQueryKey = ['/api/notifications'] as const;

/**
 * How often the bell asks again on its own. It reports work that finishes in the background (an
 * audit, a discovery) while the user is anywhere in the app, so unlike the screens' lists it cannot
 * wait for a change made here; opening the bell asks at once as well.
 */
export const NOTIFICATIONS_REFRESH_MS = 60_000;

const notificationsOf = (body: TNotificationList) => body.notifications;

/**
 * The bell's notifications, newest first, a page of 20 at a time ("Load more" reaches older ones),
 * and the unread count of all of them (the newest page's).
 */
export function useNotifications() {
  const list = usePagedList<TNotificationList, TNotification>({
    queryKey: notificationsQueryKey,
    itemsOf: notificationsOf,
    limit: NOTIFICATION_PAGE_SIZE,
    refetchInterval: () => NOTIFICATIONS_REFRESH_MS,
  });
  return { ...list, unreadCount: list.firstPage?.unreadCount ?? 0 };
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
