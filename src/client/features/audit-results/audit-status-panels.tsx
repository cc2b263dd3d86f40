import { ArrowLeft, CircleAlert, LoaderCircle, RotateCcw } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'wouter';
import type { TAuditSummary } from '../../../shared/schemas/audits.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { AuditProgress } from '../audits-shared/audit-progress.tsx';

function StatusCard({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <Card className="mx-auto max-w-xl">
      <CardContent className="flex flex-col items-center px-6 py-6 text-center sm:px-10">
        {icon}
        <h2 className="mt-4 font-semibold text-xl">{title}</h2>
        {children}
      </CardContent>
    </Card>
  );
}

/** An audit still running: its live stage and progress; the page polls and shows the results when done. */
export function ProcessingAuditPanel({ audit }: { audit: TAuditSummary }) {
  return (
    <StatusCard
      title="Processing Audit"
      icon={
        <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <LoaderCircle aria-hidden="true" className="size-6 animate-spin" />
        </span>
      }
    >
      <p className="mt-2 text-muted-foreground text-sm">
        This audit is still being processed. Please check back in a few minutes: the results will appear here as soon as
        they are ready.
      </p>
      <AuditProgress audit={audit} className="mt-6 w-full text-left" />
    </StatusCard>
  );
}

/** Anything other than a completed or processing audit, or an audit that could not be loaded. */
export function AuditNotAvailablePanel({
  reason,
  onRetry,
  retrying = false,
}: {
  reason: string | null;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <StatusCard
      title="Audit Not Available"
      icon={
        <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <CircleAlert aria-hidden="true" className="size-6" />
        </span>
      }
    >
      <p className="mt-2 text-muted-foreground text-sm">{reason ?? 'This audit has no results to show.'}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <Button variant="outline" asChild>
          <Link href="/brand-audit">
            <ArrowLeft aria-hidden="true" />
            Back to Brand Audit
          </Link>
        </Button>
        {onRetry && (
          <Button onClick={onRetry} disabled={retrying}>
            <RotateCcw aria-hidden="true" />
            {retrying ? 'Starting...' : 'Retry Audit'}
          </Button>
        )}
      </div>
    </StatusCard>
  );
}
