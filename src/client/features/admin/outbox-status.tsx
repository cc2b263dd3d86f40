import { CircleAlert, CircleCheck, Clock, LoaderCircle } from 'lucide-react';
import {
  outboxStatusLabels,
  outboxTransportLabels,
  type TOutboxMessageSummary,
  type TOutboxStatus,
} from '../../../shared/schemas/outbox.ts';
import { Badge } from '../../components/ui/badge.tsx';

const badgeVariant = {
  queued: 'secondary',
  sending: 'warning',
  sent: 'success',
  failed: 'destructive',
} as const;

const StatusIcon = { queued: Clock, sending: LoaderCircle, sent: CircleCheck, failed: CircleAlert } as const;

export function OutboxStatusBadge({ status }: { status: TOutboxStatus }) {
  const Icon = StatusIcon[status];
  return (
    <Badge variant={badgeVariant[status]} data-testid="outbox-status">
      <Icon aria-hidden="true" className={status === 'sending' ? 'animate-spin' : undefined} />
      {outboxStatusLabels[status]}
    </Badge>
  );
}

/** "Local outbox · 2 attempts", or what is known before the first attempt. */
export function deliveryLine(message: Pick<TOutboxMessageSummary, 'transport' | 'attempts'>): string {
  const transport = message.transport ? outboxTransportLabels[message.transport] : 'Not attempted yet';
  if (message.attempts <= 1) return transport;
  return `${transport} · ${message.attempts} attempts`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toLocaleString('en-GB', { maximumFractionDigits: 1 })} KB`;
  return `${(bytes / 1024 / 1024).toLocaleString('en-GB', { maximumFractionDigits: 1 })} MB`;
}
