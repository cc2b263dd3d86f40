import { CircleAlert, Download, FileText, Paperclip } from 'lucide-react';
import type { ReactNode } from 'react';
import type { TOutboxMessageDetail } from '../../../shared/schemas/outbox.ts';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { LoadErrorAlert } from '../audits-shared/load-error-alert.tsx';
import { emlUrl, useOutboxMessage } from './outbox-queries.ts';
import { deliveryLine, formatBytes, OutboxStatusBadge } from './outbox-status.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[8rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** The last failure: final for a failed message, passing for one still queued, partial for a sent one. */
function LastError({ message }: { message: TOutboxMessageDetail }) {
  if (!message.lastError) return null;
  const title =
    message.status === 'failed'
      ? 'Not sent'
      : message.status === 'sent'
        ? 'Sent, with a problem'
        : 'The last attempt failed; it will be tried again';
  return (
    <Alert variant={message.status === 'failed' ? 'destructive' : 'warning'}>
      <CircleAlert aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p data-testid="outbox-last-error">{message.lastError}</p>
      </AlertDescription>
    </Alert>
  );
}

function MessageBody({ message }: { message: TOutboxMessageDetail }) {
  const { content } = message;
  if (!content) {
    return (
      <p className="rounded-md border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
        {message.status === 'failed'
          ? 'The message failed before it was composed, so there is no content to show.'
          : 'The message has not been composed yet: its content appears here once the job has built it.'}
      </p>
    );
  }
  return (
    <Tabs defaultValue="html">
      <TabsList>
        <TabsTrigger value="html">HTML</TabsTrigger>
        <TabsTrigger value="text">Plain text</TabsTrigger>
      </TabsList>
      <TabsContent value="html">
        {/* No scripts, no same-origin access, no forms: the message is shown, never run. */}
        <iframe
          title="HTML part of the message"
          sandbox=""
          referrerPolicy="no-referrer"
          srcDoc={content.html}
          className="h-[640px] w-full rounded-md border bg-white"
        />
      </TabsContent>
      <TabsContent value="text">
        <pre
          className="max-h-[640px] overflow-auto whitespace-pre-wrap break-words rounded-md border bg-muted/40 p-4 font-mono text-sm"
          data-testid="outbox-text-part"
        >
          {content.text}
        </pre>
      </TabsContent>
    </Tabs>
  );
}

export function OutboxMessageView({ id }: { id: string }) {
  const { data: message, error, refetch } = useOutboxMessage(id);
  if (error) return <LoadErrorAlert error={error} what="this message" onRetry={() => void refetch()} />;
  if (!message) return <Skeleton className="h-[480px]" aria-busy="true" />;
  const attachments = message.content?.attachments ?? [];

  return (
    <Card role="region" aria-labelledby="outbox-message-subject">
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <CardTitle id="outbox-message-subject" className="min-w-0 break-words text-lg leading-snug">
            {message.subject || <span className="text-muted-foreground italic">No subject yet</span>}
          </CardTitle>
          {message.emlAvailable && (
            <Button variant="outline" size="sm" asChild>
              <a href={emlUrl(message.id)} download={`${message.id}.eml`}>
                <Download aria-hidden="true" />
                Download .eml
              </a>
            </Button>
          )}
        </div>
        <OutboxStatusBadge status={message.status} />
      </CardHeader>
      <CardContent className="space-y-5">
        <dl className="grid gap-2 text-sm">
          {message.content && <Fact label="From">{message.content.from}</Fact>}
          <Fact label="To">{message.recipients.join(', ')}</Fact>
          <Fact label="For account">{message.accountEmail ?? 'System message'}</Fact>
          <Fact label="Kind">{message.kind}</Fact>
          <Fact label="Delivery">{deliveryLine(message)}</Fact>
          <Fact label="Queued">{formatDateTime(message.createdAt)}</Fact>
          <Fact label="Sent">{formatDateTime(message.sentAt, '—')}</Fact>
          {message.messageId && (
            <Fact label="Message-ID">
              <code className="text-xs">{message.messageId}</code>
            </Fact>
          )}
        </dl>
        <LastError message={message} />
        {attachments.length > 0 && (
          <section aria-label="Attachments">
            <h3 className="mb-2 font-medium text-sm">Attachments</h3>
            <ul className="flex flex-wrap gap-2">
              {attachments.map((attachment) => (
                <li
                  key={attachment.filename}
                  className="flex items-center gap-2 rounded-md border bg-muted/40 px-3 py-1.5 text-sm"
                >
                  {attachment.contentType === 'application/pdf' ? (
                    <FileText aria-hidden="true" className="size-4 text-muted-foreground" />
                  ) : (
                    <Paperclip aria-hidden="true" className="size-4 text-muted-foreground" />
                  )}
                  <span className="break-all">{attachment.filename}</span>
                  <span className="text-muted-foreground text-xs">{formatBytes(attachment.size)}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
        <MessageBody message={message} />
      </CardContent>
    </Card>
  );
}
