import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FileSearch, Home } from 'lucide-react';
import { useEffect } from 'react';
import { useParams } from 'wouter';
import type { TSharedAuditReport } from '../../../shared/schemas/audits.ts';
import { countOf } from '../../../shared/words.ts';
import { CenteredSpinner } from '../../components/spinner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { downloadBlob, fileNamePart } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { AuditReportView } from '../audits-shared/audit-report-view.tsx';
import { BrandThumb } from '../audits-shared/brand-thumb.tsx';
import { notifyError } from '../audits-shared/notify-error.ts';
import { WhiteLabelFrame } from '../audits-shared/white-label-frame.tsx';
import { PublicLayout } from './public-layout.tsx';

function isNotFound(error: unknown): boolean {
  return error instanceof Error && /^(400|404): /.test(error.message);
}

function hostOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

function downloadsText(remaining: number): string {
  if (remaining === 0) return 'The download limit for this report has been reached';
  return `${countOf(remaining, 'download')} remaining`;
}

function ReportNotFound({ message }: { message: string }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-primary/10 text-primary">
        <FileSearch aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-6 font-bold text-2xl tracking-tight sm:text-3xl">Report Not Found</h1>
      <p className="mt-3 text-muted-foreground">{message}</p>
      <Button asChild className="mt-8">
        <a href="/landing">
          <Home aria-hidden="true" />
          Go to Brandlens
        </a>
      </Button>
    </div>
  );
}

function SharedReport({ token, report }: { token: string; report: TSharedAuditReport }) {
  const queryClient = useQueryClient();
  const { audit, downloadsRemaining } = report;
  const host = hostOf(audit.brand.websiteUrl);
  const exhausted = downloadsRemaining === 0;
  const preparedBy = report.branding?.companyName ?? 'Brandlens';

  useEffect(() => {
    const previous = document.title;
    document.title = `${audit.brand.name} brand audit · ${preparedBy}`;
    return () => {
      document.title = previous;
    };
  }, [audit.brand.name, preparedBy]);

  const download = useMutation({
    mutationFn: () =>
      downloadBlob(
        'GET',
        `/api/reports/${encodeURIComponent(token)}/pdf`,
        `${fileNamePart(audit.brand.name)}-brand-audit.pdf`,
      ),
    onSuccess: async () => {
      toast({ title: 'PDF Downloaded', description: `${audit.brand.name} brand audit report` });
      if (downloadsRemaining !== null) await queryClient.invalidateQueries({ queryKey: ['/api/reports', token] });
    },
    onError: async (error) => {
      notifyError(error, 'Failed to generate PDF report', 'Failed to generate PDF report');
      await queryClient.invalidateQueries({ queryKey: ['/api/reports', token] });
    },
  });

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex min-w-0 items-center gap-3">
          <BrandThumb
            name={audit.brand.name}
            src={audit.brand.hasLogo ? `/api/reports/${encodeURIComponent(token)}/logo` : null}
            className="size-12"
          />
          <div className="min-w-0">
            <h1 className="break-words font-bold text-2xl tracking-tight sm:text-3xl">{audit.brand.name}</h1>
            <p className="text-muted-foreground text-sm">
              Brand audit report
              {host && <> · {host}</>}
              {audit.completedAt && <> · {formatDate(audit.completedAt)}</>}
            </p>
          </div>
        </div>
        <div className="flex shrink-0 flex-col items-start gap-1.5 sm:items-end">
          <Button onClick={() => download.mutate()} disabled={download.isPending || exhausted}>
            <Download aria-hidden="true" />
            {download.isPending ? 'Preparing PDF...' : 'Download PDF'}
          </Button>
          {downloadsRemaining !== null && (
            <p className="text-muted-foreground text-xs" data-testid="downloads-remaining">
              {downloadsText(downloadsRemaining)}
            </p>
          )}
        </div>
      </div>
      <AuditReportView audit={audit} />
    </div>
  );
}

/** The public, read-only view of a shared audit report (signed out is fine). */
export default function SharedReportPage() {
  const { shareableToken = '' } = useParams<{ shareableToken: string }>();
  const { data, error, isPending } = useQuery<TSharedAuditReport>({
    queryKey: ['/api/reports', shareableToken],
    enabled: shareableToken !== '',
  });

  if (shareableToken === '' || (error && isNotFound(error))) {
    return (
      <PublicLayout>
        <ReportNotFound message="This report link doesn't work. It may have been mistyped, or the owner has stopped sharing the report." />
      </PublicLayout>
    );
  }

  if (error || (!isPending && !data)) {
    return (
      <PublicLayout>
        <ReportNotFound message="We couldn't load this report just now. Please try again in a moment." />
      </PublicLayout>
    );
  }

  if (isPending || !data) {
    return (
      <PublicLayout>
        <CenteredSpinner label="Loading report" />
      </PublicLayout>
    );
  }

  const content = <SharedReport token={shareableToken} report={data} />;
  if (data.branding) {
    return (
      <WhiteLabelFrame
        branding={data.branding}
        logoSrc={data.branding.hasLogo ? `/api/reports/${encodeURIComponent(shareableToken)}/branding-logo` : null}
      >
        {content}
      </WhiteLabelFrame>
    );
  }
  return <PublicLayout>{content}</PublicLayout>;
}
