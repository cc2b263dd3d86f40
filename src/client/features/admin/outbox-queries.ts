import { useQuery } from '@tanstack/react-query';
import type {
  TOutboxList,
  TOutboxMessageDetail,
  TOutboxMessageSummary,
  TOutboxStatus,
} from '../../../shared/schemas/outbox.ts';
import { usePagedList } from '../../lib/paged-list.ts';

export const OUTBOX_URL = '/api/admin/outbox';
/** How often the list is read again while a message is queued or being sent. */
export const OUTBOX_POLL_MS = 2000;

const inFlight = (messages: TOutboxMessageSummary[] | undefined) =>
  messages?.some((message) => message.status === 'queued' || message.status === 'sending') ?? false;

const messagesOf = (body: TOutboxList) => body.messages;

/**
 * The messages, newest first, optionally of one status, one page at a time ("Load more" reaches
 * older ones); the pages loaded are polled only while one of their messages is on its way.
 */
export function useOutboxList(status: TOutboxStatus | undefined) {
  return usePagedList<TOutboxList, TOutboxMessageSummary>({
    queryKey: [OUTBOX_URL, { status }],
    itemsOf: messagesOf,
    staleTime: 0,
    refetchInterval: (messages) => (inFlight(messages) ? OUTBOX_POLL_MS : false),
  });
}

/** One message with its stored content; read again while it is on its way. */
export function useOutboxMessage(id: string | null) {
  return useQuery<TOutboxMessageDetail>({
    queryKey: [OUTBOX_URL, id],
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'queued' || status === 'sending' ? OUTBOX_POLL_MS : false;
    },
  });
}

export function emlUrl(id: string): string {
  return `${OUTBOX_URL}/${encodeURIComponent(id)}/eml`;
}
