import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TSupportMessage,
  TSupportMessageList,
  TSupportPriority,
  TSupportStatus,
} from '../../../shared/schemas/support.ts';
import { apiJson } from '../../lib/api.ts';
import { usePagedList } from '../../lib/paged-list.ts';

export const SUPPORT_MESSAGES_URL = '/api/admin/support-messages';

export type SupportInboxFilters = {
  q: string | undefined;
  status: TSupportStatus | undefined;
  priority: TSupportPriority | undefined;
};

/**
 * The inbox as the server filters it, newest first, one page at a time ("Load more" reaches older
 * messages). While the answer for new filters is on its way the previous
 * list stays, and the screen narrows it itself (supportMessageMatches), so typing feels instant.
 */
export function useSupportMessages(filters: SupportInboxFilters) {
  return usePagedList<TSupportMessageList, TSupportMessage>({
    queryKey: [SUPPORT_MESSAGES_URL, filters],
    itemsOf: messagesOf,
    staleTime: 0,
    keepPrevious: true,
  });
}

const messagesOf = (body: TSupportMessageList) => body.messages;

export function useUpdateSupportStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: TSupportStatus }) =>
      apiJson<TSupportMessage>('PATCH', `${SUPPORT_MESSAGES_URL}/${encodeURIComponent(id)}`, { status }),
    // Refreshed after success and failure alike: a refusal (409) means the list was out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [SUPPORT_MESSAGES_URL] }),
  });
}
