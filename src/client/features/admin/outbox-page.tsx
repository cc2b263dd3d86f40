import { ArrowLeft, Inbox, Mail, RefreshCw, Send } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'wouter';
import {
  outboxStatuses,
  outboxStatusLabels,
  type TOutboxList,
  type TOutboxMessageSummary,
  type TOutboxStatus,
} from '../../../shared/schemas/outbox.ts';
import { PageHeader } from '../../components/layout/page-header.tsx';
import { LoadMoreButton } from '../../components/load-more-button.tsx';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { isUnauthorizedError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { cn } from '../../lib/utils.ts';
import { LoadErrorAlert } from '../audits-shared/load-error-alert.tsx';
import { notifyError } from '../audits-shared/notify-error.ts';
import { AccessDenied, AdminOnly } from './admin-only.tsx';
import { OutboxMessageView } from './outbox-message-view.tsx';
import { useOutboxList } from './outbox-queries.ts';
import { deliveryLine, OutboxStatusBadge } from './outbox-status.tsx';

const ALL = 'all';

function DeliveryNotice({ delivery }: { delivery: TOutboxList['delivery'] }) {
  if (delivery.transport === 'smtp') {
    return (
      <Alert variant="info">
        <Send aria-hidden="true" />
        <AlertTitle>Delivered through SMTP</AlertTitle>
        <AlertDescription>
          Messages go out from {delivery.from}. A copy of each is kept here, so you can see what was sent.
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert variant="info">
      <Inbox aria-hidden="true" />
      <AlertTitle>Local outbox: nothing leaves this server</AlertTitle>
      <AlertDescription>
        SMTP_URL is not set, so each message is kept here and as an .eml file under DATA_DIR/outbox instead of being
        delivered. Messages are written as from {delivery.from}.
      </AlertDescription>
    </Alert>
  );
}

function MessageRow({
  message,
  selected,
  onSelect,
}: {
  message: TOutboxMessageSummary;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
      className={cn(
        'w-full rounded-lg border bg-card px-4 py-3 text-left transition-colors hover:bg-accent/50 focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        selected && 'border-primary ring-1 ring-primary',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 truncate font-medium text-sm">
          {message.subject || <span className="text-muted-foreground italic">No subject yet</span>}
        </p>
        <OutboxStatusBadge status={message.status} />
      </div>
      <p className="mt-1 truncate text-muted-foreground text-sm">To {message.recipients.join(', ')}</p>
      <p className="mt-1 text-muted-foreground text-xs">
        {formatDateTime(message.createdAt)} · {deliveryLine(message)}
      </p>
      {message.status === 'failed' && message.lastError && (
        <p className="mt-1 line-clamp-2 text-destructive text-xs">{message.lastError}</p>
      )}
    </button>
  );
}

function EmptyOutbox({ filtered }: { filtered: boolean }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed bg-card px-4 py-10 text-center">
      <span className="flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Mail aria-hidden="true" className="size-5" />
      </span>
      <p className="mt-3 font-medium">{filtered ? 'No messages with this status' : 'No e-mails yet'}</p>
      <p className="mt-1 max-w-sm text-muted-foreground text-sm">
        Every e-mail Brandlens sends (reports, insights, notifications) appears here as soon as it is queued.
      </p>
    </div>
  );
}

function OutboxScreen() {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status = outboxStatuses.includes(statusParam as TOutboxStatus) ? (statusParam as TOutboxStatus) : undefined;
  const selectedId = params.get('message');
  const outbox = useOutboxList(status);
  const { data, firstPage, error, refetch, isFetching } = outbox;
  const detailRef = useRef<HTMLDivElement>(null);

  const choose = (changes: Record<string, string | null>) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  // On a narrow screen the message opens below the list: bring it into view.
  useEffect(() => {
    if (selectedId && window.matchMedia('(max-width: 1023px)').matches) {
      detailRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
  }, [selectedId]);

  // Signed out since the page loaded: the Unauthorized toast and the login redirect (SPEC §8).
  useEffect(() => {
    if (error && isUnauthorizedError(error)) notifyError(error, 'Unauthorized', 'Unauthorized');
  }, [error]);

  if (error && /^403: /.test(error.message)) return <AccessDenied />;

  return (
    <>
      <PageHeader
        title="Mail Outbox"
        description="Every e-mail the app has queued, newest first: who it went to, how it was delivered and what failed."
        actions={
          <>
            <Button variant="ghost" size="sm" asChild>
              <Link href="/admin/support">
                <ArrowLeft aria-hidden="true" />
                Support Inbox
              </Link>
            </Button>
            <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
              <RefreshCw aria-hidden="true" className={isFetching ? 'animate-spin' : undefined} />
              Refresh
            </Button>
          </>
        }
      />
      <div className="space-y-6">
        {firstPage && <DeliveryNotice delivery={firstPage.delivery} />}
        <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <section aria-labelledby="outbox-list-heading" className="space-y-3">
            <div className="flex items-center justify-between gap-3">
              <h2 id="outbox-list-heading" className="font-semibold text-lg">
                Messages
              </h2>
              <Select
                value={status ?? ALL}
                onValueChange={(value) => choose({ status: value === ALL ? null : value, message: null })}
              >
                <SelectTrigger size="sm" className="w-36" aria-label="Filter by status">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ALL}>All statuses</SelectItem>
                  {outboxStatuses.map((value) => (
                    <SelectItem key={value} value={value}>
                      {outboxStatusLabels[value]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            {error ? (
              <LoadErrorAlert error={error} what="the outbox" onRetry={() => void refetch()} />
            ) : !data ? (
              <div className="space-y-3" aria-busy="true">
                <Skeleton className="h-24" />
                <Skeleton className="h-24" />
              </div>
            ) : data.length === 0 ? (
              <EmptyOutbox filtered={status !== undefined} />
            ) : (
              <>
                <ul className="space-y-2">
                  {data.map((message) => (
                    <li key={message.id}>
                      <MessageRow
                        message={message}
                        selected={message.id === selectedId}
                        onSelect={() => choose({ message: message.id })}
                      />
                    </li>
                  ))}
                </ul>
                <LoadMoreButton list={outbox} shown={data.length} />
              </>
            )}
          </section>
          <div ref={detailRef} className="scroll-mt-20">
            {selectedId ? (
              <OutboxMessageView id={selectedId} />
            ) : (
              <p className="hidden rounded-xl border border-dashed px-4 py-16 text-center text-muted-foreground text-sm lg:block">
                Choose a message to read it.
              </p>
            )}
          </div>
        </div>
      </div>
    </>
  );
}

export default function OutboxPage() {
  return (
    <AdminOnly>
      <OutboxScreen />
    </AdminOnly>
  );
}
