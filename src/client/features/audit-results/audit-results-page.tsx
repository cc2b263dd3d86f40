import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { plans } from '../../../shared/plans.ts';
import type { TAuditDetail } from '../../../shared/schemas/audits.ts';
import { PageHeader } from '../../components/layout/page-header.tsx';
import { CenteredSpinner } from '../../components/spinner.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useAuth } from '../../hooks/use-auth.ts';
import { formatDate } from '../../lib/format.ts';
import { useAudit, useStartAudit } from '../audits-shared/audit-queries.ts';
import { AuditReportView } from '../audits-shared/audit-report-view.tsx';
import { BrandThumb } from '../audits-shared/brand-thumb.tsx';
import { notifyError } from '../audits-shared/notify-error.ts';
import { UpgradePrompt } from '../audits-shared/upgrade-prompt.tsx';
import { MarketingRecommendationsPanel } from '../recommendations/marketing-recommendations-panel.tsx';
import { AuditNotAvailablePanel, ProcessingAuditPanel } from './audit-status-panels.tsx';
import { ExportPdfButton } from './export-pdf-button.tsx';
import { ShareButton, ShareDialog, SharedNotice, useShareControls } from './share-controls.tsx';

function hostOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function BackLink() {
  return (
    <Button variant="ghost" size="sm" asChild className="-ml-2 mb-3 text-muted-foreground">
      <Link href="/brand-audit">
        <ArrowLeft aria-hidden="true" />
        Brand Audit
      </Link>
    </Button>
  );
}

function CompletedReport({ audit }: { audit: TAuditDetail }) {
  const { user } = useAuth();
  const plan = user?.workspacePlanType;
  const controls = useShareControls(audit);
  const host = hostOf(audit.brand.websiteUrl);

  return (
    <>
      <PageHeader
        title={
          <span className="flex items-center gap-3">
            <BrandThumb name={audit.brand.name} src={audit.brand.logoUrl} className="size-10 sm:size-11" />
            <span className="min-w-0 break-words">{audit.brand.name}</span>
          </span>
        }
        description={
          <>
            Brand audit report
            {host && <> · {host}</>}
            {audit.completedAt && <> · {formatDate(audit.completedAt)}</>}
          </>
        }
        actions={
          <>
            <ShareButton controls={controls} />
            <ExportPdfButton auditId={audit.id} brandName={audit.brand.name} />
          </>
        }
      />
      <div className="space-y-6">
        <SharedNotice controls={controls} />
        <AuditReportView audit={audit}>
          {plan && !plans[plan].allows.recommendations && <UpgradePrompt reason="feature_limit" planType={plan} />}
          {plan && (
            <section aria-label="AI marketing recommendations">
              <MarketingRecommendationsPanel auditId={audit.id} brandName={audit.brand.name} planType={plan} />
            </section>
          )}
        </AuditReportView>
      </div>
      <ShareDialog controls={controls} />
    </>
  );
}

export default function AuditResultsPage() {
  const { id = '' } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const { data: audit, error, isPending } = useAudit(id);
  const retry = useStartAudit({ onStarted: (started) => navigate(`/audit-results/${started.id}`) });

  // A failed load is reported once per error.
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (error && reported.current !== error) {
      reported.current = error;
      notifyError(error, 'Error Loading Report', 'Failed to load audit results');
    }
  }, [error]);

  if (isPending) return <CenteredSpinner label="Loading audit" />;

  if (!audit) {
    return (
      <>
        <BackLink />
        <PageHeader title="Audit Report" />
        <AuditNotAvailablePanel reason="We couldn't load this audit. It may have been deleted, or the link is wrong." />
      </>
    );
  }

  if (audit.status === 'completed') {
    return (
      <>
        <BackLink />
        <CompletedReport audit={audit} />
      </>
    );
  }

  return (
    <>
      <BackLink />
      <PageHeader title="Audit Report" description={audit.brand.name} />
      {audit.status === 'processing' ? (
        <ProcessingAuditPanel audit={audit} />
      ) : (
        <AuditNotAvailablePanel
          reason={audit.failureReason}
          onRetry={audit.status === 'failed' ? () => retry.mutate(audit.brandId) : undefined}
          retrying={retry.isPending}
        />
      )}
    </>
  );
}
