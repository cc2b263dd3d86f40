import { Download, FileArchive } from 'lucide-react';
import type { TAccountExport } from '../../../shared/schemas/account.ts';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { formatBytes } from '../admin/outbox-status.tsx';
import { LoadErrorAlert } from '../audits-shared/load-error-alert.tsx';
import { useLatestAccountExport, useStartAccountExport } from './account-queries.ts';

function ExportProgress({ latest }: { latest: TAccountExport }) {
  return (
    <div className="space-y-2" aria-live="polite">
      <div className="flex justify-between text-muted-foreground text-sm">
        <span>{latest.stage ?? 'Preparing'}...</span>
        <span>{latest.percent}%</span>
      </div>
      <Progress value={latest.percent} aria-label="Data export progress" />
    </div>
  );
}

function ExportReady({ latest }: { latest: TAccountExport & { downloadUrl: string } }) {
  return (
    <div className="flex flex-col gap-3 rounded-md border p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <FileArchive aria-hidden="true" className="mt-0.5 size-5 text-primary" />
        <div className="text-sm">
          <p className="font-medium">
            Your data is ready{latest.sizeBytes ? ` (${formatBytes(latest.sizeBytes)})` : ''}
          </p>
          <p className="text-muted-foreground">Available to download until {formatDateTime(latest.expiresAt)}.</p>
        </div>
      </div>
      <Button variant="outline" asChild>
        <a href={latest.downloadUrl} download>
          <Download aria-hidden="true" />
          Download zip
        </a>
      </Button>
    </div>
  );
}

/** What became of the latest export: its progress, its download, why it failed, or that it expired. */
function LatestExport({ latest }: { latest: TAccountExport }) {
  if (latest.status === 'processing') return <ExportProgress latest={latest} />;
  if (latest.status === 'failed') {
    return (
      <Alert variant="destructive">
        <AlertTitle>The export could not be prepared</AlertTitle>
        <AlertDescription>{latest.error ?? 'Please try again.'}</AlertDescription>
      </Alert>
    );
  }
  if (latest.downloadUrl) return <ExportReady latest={{ ...latest, downloadUrl: latest.downloadUrl }} />;
  return (
    <p className="text-muted-foreground text-sm">
      Your last export expired on {formatDateTime(latest.expiresAt)} and was deleted. Prepare a new one to download your
      data.
    </p>
  );
}

/**
 * A copy of everything the account holds (UK GDPR right of access): a job zips one JSON file per
 * kind of record with the uploaded files; the card shows its real progress and then the link.
 */
export function DataExportCard() {
  const latest = useLatestAccountExport();
  const start = useStartAccountExport();
  const current = latest.data?.export ?? null;
  const preparing = current?.status === 'processing' || start.isPending;

  return (
    <Card role="region" aria-labelledby="data-export-card-title">
      <CardHeader>
        <CardTitle id="data-export-card-title" className="flex items-center gap-2">
          <Download aria-hidden="true" className="size-5 text-primary" />
          Your Data
        </CardTitle>
        <CardDescription>
          Download a copy of everything your account holds: your profile, brands, audits, reports, insights,
          competitors, ads, settings, billing records and uploaded files, as JSON files in a zip.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {latest.error && (
          <LoadErrorAlert error={latest.error} what="your data export" onRetry={() => void latest.refetch()} />
        )}
        {latest.isPending && <Skeleton className="h-10" />}
        {current && <LatestExport latest={current} />}
        <Button onClick={() => start.mutate()} disabled={preparing || latest.isPending}>
          {preparing ? 'Preparing your data...' : 'Download my data'}
        </Button>
        <p className="text-muted-foreground text-xs">Each download link works for 7 days.</p>
      </CardContent>
    </Card>
  );
}
