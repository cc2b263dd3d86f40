import { CalendarClock, CircleAlert, Mail, Pencil } from 'lucide-react';
import { useState } from 'react';
import {
  describeSchedule,
  reportModuleLabels,
  reportModules,
  type TEmailReport,
} from '../../../shared/schemas/email-reports.ts';
import { ConfirmDeleteButton } from '../../components/confirm-delete-button.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { useDeleteEmailReport } from './email-report-queries.ts';
import { SendReportMenu } from './send-report-menu.tsx';

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="break-words text-sm">{children}</dd>
    </div>
  );
}

/** One scheduled report: what, when (in its own timezone), to whom, and how the last send went. */
export function EmailReportCard({ report, onEdit }: { report: TEmailReport; onEdit: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteEmailReport({ onDeleted: () => setConfirming(false) });
  const modules = reportModules.filter((module) => report.includeModules[module]);

  return (
    <Card role="article" aria-label={report.name} data-testid="email-report">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <Mail aria-hidden="true" className="size-4 text-primary" />
          <h2 className="text-base">{report.name}</h2>
          <Badge variant={report.isActive ? 'success' : 'secondary'}>{report.isActive ? 'Active' : 'Inactive'}</Badge>
          {report.runFreshAnalysis && <Badge variant="outline">Fresh AI Analysis</Badge>}
        </CardTitle>
        <CardDescription>
          {report.brandName ?? 'All brands'} · {describeSchedule(report)}
        </CardDescription>
        <CardAction className="flex items-center gap-1">
          {/* Send to recipients now (a real send, Last sent moves), or a preview to the signed-in user only. */}
          <SendReportMenu report={report} />
          <Button variant="ghost" size="icon-sm" aria-label={`Edit ${report.name}`} onClick={onEdit}>
            <Pencil aria-hidden="true" />
          </Button>
          <ConfirmDeleteButton
            label={`Delete ${report.name}`}
            title="Are you sure you want to delete this email report?"
            description={`“${report.name}” will no longer be sent. This cannot be undone.`}
            open={confirming}
            onOpenChange={setConfirming}
            pending={remove.isPending}
            onConfirm={() => remove.mutate(report.id)}
          />
        </CardAction>
      </CardHeader>
      <CardContent className="space-y-3">
        <dl className="grid gap-3 sm:grid-cols-2">
          <Detail label="Recipients">{report.recipients.join(', ')}</Detail>
          <Detail label="Includes">{modules.map((module) => reportModuleLabels[module]).join(', ')}</Detail>
          <Detail label="Next send">
            <span className="inline-flex items-center gap-1">
              <CalendarClock aria-hidden="true" className="size-3.5 text-muted-foreground" />
              {report.isActive ? (report.nextScheduledLabel ?? 'Not scheduled') : 'Not scheduled while inactive'}
            </span>
          </Detail>
          <Detail label="Last sent">{report.lastSentLabel ?? 'Not sent yet'}</Detail>
        </dl>
        {report.lastError && (
          <p className="flex items-start gap-1.5 text-destructive text-sm" role="status">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>last attempt failed: {report.lastError}</span>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
