import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TNotificationSettings,
  TUpdateNotificationSettingsRequest,
} from '../../../shared/schemas/notifications.ts';
import { apiJson } from '../../lib/api.ts';
import { notifyError } from '../audits-shared/notify-error.ts';

export const notificationSettingsQueryKey = ['/api/notification-settings'] as const;
const saveMutationKey = ['save-notification-settings'] as const;

export function useNotificationSettings() {
  return useQuery<TNotificationSettings>({ queryKey: notificationSettingsQueryKey });
}

/** The values a change replaced, to put back only those when it fails. */
function replacedBy(change: TUpdateNotificationSettingsRequest, previous: TNotificationSettings) {
  const keys = Object.keys(change) as (keyof TNotificationSettings)[];
  return Object.fromEntries(keys.map((key) => [key, previous[key]])) as Partial<TNotificationSettings>;
}

/**
 * Saves a toggle the moment it changes: the switch moves at once, and moves back with a toast
 * when the server refuses or cannot be reached. Switches changed in quick succession each keep
 * their own value: a failure puts back only what its change replaced, and the server's answer is
 * taken once no other save is under way.
 */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: saveMutationKey,
    mutationFn: (change: TUpdateNotificationSettingsRequest) =>
      apiJson<TNotificationSettings>('PUT', '/api/notification-settings', change),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: notificationSettingsQueryKey });
      const previous = queryClient.getQueryData<TNotificationSettings>(notificationSettingsQueryKey);
      if (previous) queryClient.setQueryData(notificationSettingsQueryKey, { ...previous, ...change });
      return { replaced: previous ? replacedBy(change, previous) : null };
    },
    onError: (error, _change, context) => {
      const current = queryClient.getQueryData<TNotificationSettings>(notificationSettingsQueryKey);
      if (current && context?.replaced) {
        queryClient.setQueryData(notificationSettingsQueryKey, { ...current, ...context.replaced });
      }
      notifyError(error, 'Error', 'Failed to update notification settings');
    },
    onSuccess: (saved) => {
      if (queryClient.isMutating({ mutationKey: saveMutationKey }) <= 1) {
        queryClient.setQueryData(notificationSettingsQueryKey, saved);
      }
    },
  });
}
