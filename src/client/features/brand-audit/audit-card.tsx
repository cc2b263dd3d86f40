import { CircleAlert, CircleCheck, LoaderCircle, RotateCcw, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { NOT_ENOUGH_MEASURED } from '../../../shared/audit-labels.ts';
import type { PlanKey } from '../../../shared/plans.ts';
import type { TAuditSummary } from '../../../shared/schemas/audits.ts';
import { ReadOnlyBadge } from '../../components/read-only-badge.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardFooter, CardHeader } from '../../components/ui/card.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../components/ui/tooltip.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { setSelectedPlan } from '../../lib/storage.ts';
import { cn } from '../../lib/utils.ts';
import { AuditProgress } from '../audits-shared/audit-progress.tsx';
import { useStartAudit } from '../audits-shared/audit-queries.ts';
import { CompactAreaScores } from '../audits-shared/compact-area-scores.tsx';
import { overallMeasured } from '../audits-shared/coverage.ts';
import { scoreBandLabel, scoreTextClass } from '../audits-shared/score-colours.ts';

function StatusBadge({ status }: { status: TAuditSummary['status'] }) {
  if (status === 'completed') {
    return (
      <Badge variant="success">
        <CircleCheck aria-hidden="true" />
        Completed
      </Badge>
    );
  }
  if (status === 'processing') {
    return (
      <Badge variant="secondary">
        <LoaderCircle aria-hidden="true" className="animate-spin" />
        Processing
      </Badge>
    );
  }
  return (
    <Badge variant="outline" className="border-destructive/30 bg-destructive/10 text-destructive">
      <CircleAlert aria-hidden="true" />
      Failed
    </Badge>
  );
}

/** In place of Re-run when the plan allows no more audits: the subscribe screen for the next plan. */
function UpgradeToRerunButton({ plan }: { plan: PlanKey }) {
  return (
    <Button asChild variant="outline" size="sm" className="flex-1">
      <Link href="/subscribe" onClick={() => setSelectedPlan(plan)}>
        <Sparkles aria-hidden="true" />
        Upgrade to Re-run
      </Link>
    </Button>
  );
}

/**
 * Re-run (or Retry) of a brand the plan keeps read-only: shown disabled, with the reason on hover
 * and focus. It stays focusable (aria-disabled, not disabled) so the reason can be reached.
 */
function ReadOnlyRerunButton({ label, reason, brandName }: { label: string; reason: string; brandName: string }) {
  const reasonId = useId();
  return (
    <>
      <Tooltip>
        <TooltipTrigger asChild>
          <Button
            variant="outline"
            size="sm"
            className="flex-1 cursor-not-allowed opacity-50"
            aria-disabled="true"
            aria-label={`${label} audit of ${brandName}`}
            aria-describedby={reasonId}
            onClick={(event) => event.preventDefault()}
          >
            <RotateCcw aria-hidden="true" />
            {label}
          </Button>
        </TooltipTrigger>
        <TooltipContent className="max-w-xs">{reason}</TooltipContent>
      </Tooltip>
      <span id={reasonId} className="sr-only">
        {reason}
      </span>
    </>
  );
}

/**
 * One audit in the Previous Audits grid. The whole card opens the report; its buttons sit above
 * that link.
 */
export function AuditCard({
  audit,
  brandBusy,
  upgradeToRerun,
  readOnlyReason,
}: {
  audit: TAuditSummary;
  brandBusy: boolean;
  /** Set when the plan's audits are used up: the plan to offer instead of running again */
  upgradeToRerun: PlanKey | null;
  /** Set when the plan keeps the audit's brand read-only: why it cannot run again */
  readOnlyReason: string | null;
}) {
  const start = useStartAudit();
  const brandName = audit.brandName ?? 'Unknown Brand';
  const restart = () => start.mutate(audit.brandId);

  return (
    <Card
      className="relative gap-4 py-5 transition-shadow focus-within:shadow-md hover:shadow-md"
      data-testid="audit-card"
      data-status={audit.status}
    >
      <CardHeader className="flex items-start justify-between gap-3 px-5">
        <div className="min-w-0">
          <h3 className="line-clamp-2 break-words font-semibold">
            <Link
              href={`/audit-results/${audit.id}`}
              className="rounded-sm outline-none after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {brandName}
            </Link>
          </h3>
          <p className="mt-0.5 text-muted-foreground text-xs">{formatDateTime(audit.createdAt)}</p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <StatusBadge status={audit.status} />
          {readOnlyReason && <ReadOnlyBadge />}
        </div>
      </CardHeader>

      <CardContent className="flex-1 px-5">
        {audit.status === 'completed' && (
          <div className="flex items-center gap-5">
            {overallMeasured(audit) ? (
              <div className="shrink-0 text-center">
                <p className={cn('font-bold text-4xl tabular-nums leading-none', scoreTextClass(audit.overallScore))}>
                  {audit.overallScore}
                  <span className="sr-only"> out of 100</span>
                </p>
                <p className={cn('mt-1 font-medium text-xs', scoreTextClass(audit.overallScore))}>
                  {scoreBandLabel(audit.overallScore)}
                </p>
              </div>
            ) : (
              <p className="w-16 shrink-0 text-center text-muted-foreground text-xs">{NOT_ENOUGH_MEASURED}</p>
            )}
            <CompactAreaScores audit={audit} className="min-w-0 flex-1 space-y-1.5" />
          </div>
        )}
        {audit.status === 'processing' && <AuditProgress audit={audit} />}
        {audit.status === 'failed' && (
          <p className="line-clamp-3 text-muted-foreground text-sm">
            {audit.failureReason ?? 'The audit could not be completed.'}
          </p>
        )}
      </CardContent>

      <CardFooter className="relative z-10 gap-2 px-5">
        {audit.status === 'completed' && (
          <>
            <Button asChild size="sm" className="flex-1">
              <Link href={`/audit-results/${audit.id}`}>View Report</Link>
            </Button>
            {readOnlyReason ? (
              <ReadOnlyRerunButton label="Re-run" reason={readOnlyReason} brandName={brandName} />
            ) : upgradeToRerun ? (
              <UpgradeToRerunButton plan={upgradeToRerun} />
            ) : (
              <Button
                variant="outline"
                size="sm"
                className="flex-1"
                onClick={restart}
                disabled={brandBusy || start.isPending}
                aria-label={`Re-run audit of ${brandName}`}
              >
                <RotateCcw aria-hidden="true" />
                Re-run
              </Button>
            )}
          </>
        )}
        {audit.status === 'processing' && (
          <Button variant="secondary" size="sm" className="flex-1" disabled>
            <LoaderCircle aria-hidden="true" className="animate-spin" />
            Processing...
          </Button>
        )}
        {audit.status === 'failed' && readOnlyReason && (
          <ReadOnlyRerunButton label="Retry Audit" reason={readOnlyReason} brandName={brandName} />
        )}
        {audit.status === 'failed' && !readOnlyReason && upgradeToRerun && (
          <UpgradeToRerunButton plan={upgradeToRerun} />
        )}
        {audit.status === 'failed' && !readOnlyReason && !upgradeToRerun && (
          <Button
            variant="outline"
            size="sm"
            className="flex-1"
            onClick={restart}
            disabled={brandBusy || start.isPending}
          >
            <RotateCcw aria-hidden="true" />
            Retry Audit
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
