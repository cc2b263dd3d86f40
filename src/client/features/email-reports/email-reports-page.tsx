import { Mail, Plus } from 'lucide-react';
import { useState } from 'react';
import type { TEmailReport } from '../../../shared/schemas/email-reports.ts';
import { PageHeader } from '../../components/layout/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useBrands } from '../audits-shared/audit-queries.ts';
import { LoadErrorAlert } from '../audits-shared/load-error-alert.tsx';
import { EmailReportCard } from './email-report-card.tsx';
import { EmailReportDialog } from './email-report-dialog.tsx';
import { useEmailReports } from './email-report-queries.ts';

/** Which dialog is open: none, a new report, or an existing one being edited. */
type Editing = { report: TEmailReport | null } | null;

export default function EmailReportsPage() {
  const reports = useEmailReports();
  const brands = useBrands();
  const [editing, setEditing] = useState<Editing>(null);

  return (
    <>
      <PageHeader
        title="Email Reports"
        description="Reports e-mailed on a schedule, in the timezone you choose."
        actions={
          <Button onClick={() => setEditing({ report: null })}>
            <Plus aria-hidden="true" />
            Create Report
          </Button>
        }
      />
      {reports.isPending ? (
        <div className="space-y-4">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : reports.isError ? (
        <LoadErrorAlert error={reports.error} what="your email reports" onRetry={() => void reports.refetch()} />
      ) : reports.data.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
            <Mail aria-hidden="true" className="size-8 text-muted-foreground" />
            <p className="font-medium">No email reports yet</p>
            <p className="max-w-md text-muted-foreground text-sm">
              Schedule a report to send your brand audit, consumer insights and competitor tracking to you, your team or
              your clients every day, week or month.
            </p>
            <Button onClick={() => setEditing({ report: null })}>
              <Plus aria-hidden="true" />
              Create Report
            </Button>
          </CardContent>
        </Card>
      ) : (
        <div className="space-y-4">
          {reports.data.map((report) => (
            <EmailReportCard key={report.id} report={report} onEdit={() => setEditing({ report })} />
          ))}
        </div>
      )}
      {editing && (
        <EmailReportDialog
          key={editing.report?.id ?? 'new'}
          report={editing.report}
          brands={brands.data ?? []}
          open
          onOpenChange={(open) => !open && setEditing(null)}
        />
      )}
    </>
  );
}
