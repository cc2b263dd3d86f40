import { useQuery } from '@tanstack/react-query';
import type { TOutboxList, TOutboxMessageDetail, TOutboxStatus } from '../../../shared/schemas/outbox.ts';

export const OUTBOX_URL = '/api/admin/outbox';
/** How often the list is read again while a message is queued or being sent. */
export const OUTBOX_POLL_MS = 2000;

const inFlight = (list: TOutboxList | undefined) =>
  list?.messages.some((message) => message.status === 'queued' || message.status === 'sending') ?? false;

/** The newest messages, optionally of one status; polled only while one of them is on its way. */
export function useOutboxList(status: TOutboxStatus | undefined) {
  return useQuery<TOutboxList>({
    queryKey: [OUTBOX_URL, { status }],
    staleTime: 0,
    refetchInterval: (query) => (inFlight(query.state.data) ? OUTBOX_POLL_MS : false),
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
