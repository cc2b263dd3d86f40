import { Inbox, Mail, RefreshCw, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import {
  supportMessageMatches,
  supportPriorities,
  supportPriorityLabels,
  supportStatuses,
  supportStatusLabels,
  type TSupportPriority,
  type TSupportStatus,
} from '../../../shared/schemas/support.ts';
import { PageHeader } from '../../components/layout/page-header.tsx';
import { LoadMoreButton } from '../../components/load-more-button.tsx';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { errorDisplayMessage, isUnauthorizedError } from '../../lib/api.ts';
import { LoadErrorAlert } from '../audits-shared/load-error-alert.tsx';
import { notifyError } from '../audits-shared/notify-error.ts';
import { AccessDenied, AdminOnly } from './admin-only.tsx';
import { useSupportMessages, useUpdateSupportStatus } from './support-inbox-queries.ts';
import { SupportMessageCard } from './support-message-card.tsx';

const ALL = 'all';
/** The server is asked once typing pauses; the list on screen narrows at every keystroke. */
const SEARCH_DEBOUNCE_MS = 300;

const isForbidden = (error: unknown) => error instanceof Error && /^403: /.test(error.message);

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

function LocalOutboxNotice() {
  return (
    <Alert variant="info">
      <Inbox aria-hidden="true" />
      <AlertTitle>No SMTP server is configured</AlertTitle>
      <AlertDescription>
        <p>
          New-message notices for administrators are kept in the local mail outbox instead of being delivered.{' '}
          <Link href="/admin/outbox" className="font-medium text-primary underline underline-offset-4">
            Open the Mail Outbox
          </Link>
        </p>
      </AlertDescription>
    </Alert>
  );
}

function FilterSelect<T extends string>({
  label,
  allLabel,
  value,
  values,
  labels,
  onChange,
}: {
  label: string;
  allLabel: string;
  value: T | undefined;
  values: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T | undefined) => void;
}) {
  return (
    <Select value={value ?? ALL} onValueChange={(next) => onChange(next === ALL ? undefined : (next as T))}>
      <SelectTrigger className="w-full sm:w-40" aria-label={label}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>{allLabel}</SelectItem>
        {values.map((item) => (
          <SelectItem key={item} value={item}>
            {labels[item]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

function EmptyInbox({ filtered }: { filtered: boolean }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed bg-card px-4 py-10 text-center">
      <span className="flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Inbox aria-hidden="true" className="size-5" />
      </span>
      <p className="mt-3 font-medium">{filtered ? 'No messages match your search' : 'No support messages yet'}</p>
      <p className="mt-1 max-w-sm text-muted-foreground text-sm">
        {filtered
          ? 'Try other words, or clear the status and priority filters.'
          : 'Messages sent with the contact form in Settings appear here.'}
      </p>
    </div>
  );
}

function SupportInboxScreen() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TSupportStatus | undefined>();
  const [priority, setPriority] = useState<TSupportPriority | undefined>();
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS) || undefined;
  const inbox = useSupportMessages({ q, status, priority });
  const { data, firstPage, error, refetch, isFetching } = inbox;
  const update = useUpdateSupportStatus();
  const [denied, setDenied] = useState(false);

  // Signed out since the page loaded: the Unauthorized toast and the login redirect (SPEC §8).
  useEffect(() => {
    if (error && isUnauthorizedError(error)) notifyError(error, 'Unauthorized', 'Unauthorized');
  }, [error]);

  if (denied || (error && isForbidden(error))) return <AccessDenied />;

  const move = (id: string, next: TSupportStatus) =>
    update.mutate(
      { id, status: next },
      {
        onSuccess: () => toast({ title: 'Status updated' }),
        onError: (failure) => {
          if (isForbidden(failure)) return setDenied(true);
          if (isUnauthorizedError(failure)) return notifyError(failure, 'Unauthorized', 'Unauthorized');
          const reason = errorDisplayMessage(failure, '');
          toast({
            title: 'Failed to update message status',
            description: reason && /^(400|404|409): /.test(failure.message) ? reason : undefined,
            variant: 'destructive',
          });
        },
      },
    );

  const filters = { q: search, status, priority };
  const shown = data?.filter((message) => supportMessageMatches(message, filters)) ?? [];
  const filtered = search.trim() !== '' || status !== undefined || priority !== undefined;

  return (
    <>
      <PageHeader
        title="Support Inbox"
        description="Messages sent through the contact form, newest first."
        actions={
          <>
            <Button variant="outline" size="sm" asChild>
              <Link href="/admin/outbox">
                <Mail aria-hidden="true" />
                Mail Outbox
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
        {firstPage?.mailDelivery === 'outbox' && <LocalOutboxNotice />}
        <div className="flex flex-col gap-3 sm:flex-row">
          <div className="relative flex-1">
            <Search
              aria-hidden="true"
              className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-muted-foreground"
            />
            <Input
              type="search"
              aria-label="Search messages"
              placeholder="Search by name, email, subject or message..."
              className="pl-9"
              maxLength={200}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <FilterSelect
            label="Filter by status"
            allLabel="All Statuses"
            value={status}
            values={supportStatuses}
            labels={supportStatusLabels}
            onChange={setStatus}
          />
          <FilterSelect
            label="Filter by priority"
            allLabel="All Priorities"
            value={priority}
            values={supportPriorities}
            labels={supportPriorityLabels}
            onChange={setPriority}
          />
        </div>
        {error ? (
          <LoadErrorAlert error={error} what="the support inbox" onRetry={() => void refetch()} />
        ) : !data ? (
          <div className="space-y-3" aria-busy="true">
            <Skeleton className="h-40" />
            <Skeleton className="h-40" />
          </div>
        ) : shown.length === 0 ? (
          <EmptyInbox filtered={filtered} />
        ) : (
          <section aria-label="Support messages" className="space-y-4">
            {shown.map((message) => (
              <SupportMessageCard
                key={message.id}
                message={message}
                updating={update.isPending && update.variables?.id === message.id}
                onMove={(next) => move(message.id, next)}
              />
            ))}
            <LoadMoreButton list={inbox} shown={data.length} label="Load older messages" />
          </section>
        )}
      </div>
    </>
  );
}

export default function SupportInboxPage() {
  return (
    <AdminOnly>
      <SupportInboxScreen />
    </AdminOnly>
  );
}
