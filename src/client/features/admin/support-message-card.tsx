import { CircleCheck, Clock, Mail, Play } from 'lucide-react';
import {
  canMoveSupportMessage,
  supportPriorityLabels,
  supportStatusLabels,
  type TSupportMessage,
  type TSupportPriority,
  type TSupportStatus,
} from '../../../shared/schemas/support.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../components/ui/card.tsx';
import { formatDateTime } from '../../lib/format.ts';

const statusVariant = { open: 'warning', in_progress: 'default', resolved: 'success' } as const;
const priorityVariant = { low: 'secondary', normal: 'outline', high: 'destructive' } as const;

export function SupportStatusBadge({ status }: { status: TSupportStatus }) {
  return (
    <Badge variant={statusVariant[status]} data-testid="support-status">
      {supportStatusLabels[status]}
    </Badge>
  );
}

function PriorityBadge({ priority }: { priority: TSupportPriority }) {
  return (
    <Badge variant={priorityVariant[priority]} data-testid="support-priority">
      {supportPriorityLabels[priority]} priority
    </Badge>
  );
}

function replyLink(message: TSupportMessage): string {
  const subject = /^re:/i.test(message.subject) ? message.subject : `Re: ${message.subject}`;
  return `mailto:${encodeURIComponent(message.email)}?subject=${encodeURIComponent(subject)}`;
}

/**
 * One message with the status actions SPEC §4 allows: Start Working only from open, Mark Resolved
 * from open or in progress, none once resolved. Everything the sender typed is shown as text.
 */
export function SupportMessageCard({
  message,
  updating,
  onMove,
}: {
  message: TSupportMessage;
  /** A status change of this message is on its way */
  updating: boolean;
  onMove: (status: TSupportStatus) => void;
}) {
  const headingId = `support-message-${message.id}`;
  const canStart = canMoveSupportMessage(message.status, 'in_progress');
  const canResolve = canMoveSupportMessage(message.status, 'resolved');
  const signedInAs =
    message.accountEmail && message.accountEmail.toLowerCase() !== message.email.toLowerCase()
      ? message.accountEmail
      : null;

  return (
    <Card role="article" aria-labelledby={headingId} className="gap-3">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={headingId} className="min-w-0 break-words font-semibold leading-snug">
            {message.subject}
          </h3>
          <div className="flex flex-wrap gap-1.5">
            <PriorityBadge priority={message.priority} />
            <SupportStatusBadge status={message.status} />
          </div>
        </div>
        <p className="break-words text-muted-foreground text-sm">
          {message.name} · <span className="break-all">{message.email}</span>
          {signedInAs && <> · signed in as {signedInAs}</>}
        </p>
        <p className="flex items-center gap-1 text-muted-foreground text-xs">
          <Clock aria-hidden="true" className="size-3" />
          {formatDateTime(message.createdAt)}
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="max-h-64 overflow-y-auto whitespace-pre-wrap break-words rounded-md bg-muted/40 p-3 text-sm">
          {message.message}
        </p>
        <div className="flex flex-wrap gap-2">
          {canStart && (
            <Button size="sm" variant="outline" disabled={updating} onClick={() => onMove('in_progress')}>
              <Play aria-hidden="true" />
              Start Working
            </Button>
          )}
          {canResolve && (
            <Button size="sm" disabled={updating} onClick={() => onMove('resolved')}>
              <CircleCheck aria-hidden="true" />
              Mark Resolved
            </Button>
          )}
          <Button size="sm" variant="ghost" asChild>
            <a href={replyLink(message)}>
              <Mail aria-hidden="true" />
              Reply by e-mail
            </a>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
