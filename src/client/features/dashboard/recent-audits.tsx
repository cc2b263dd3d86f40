import { ChartColumn, ScanSearch } from 'lucide-react';
import { Link } from 'wouter';
import { NOT_ENOUGH_MEASURED } from '../../../shared/audit-labels.ts';
import type { TAuditSummary } from '../../../shared/schemas/audits.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { formatDate } from '../../lib/format.ts';
import { cn } from '../../lib/utils.ts';
import { CompactAreaScores } from '../audits-shared/compact-area-scores.tsx';
import { overallMeasured } from '../audits-shared/coverage.ts';
import { scoreTextClass } from '../audits-shared/score-colours.ts';

/** The latest completed audits with their scores, or the way to the first audit. */
export function RecentAudits({ audits }: { audits: TAuditSummary[] | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ChartColumn aria-hidden="true" className="size-4 text-primary" />
          <h2>Recent Audits</h2>
        </CardTitle>
        <CardDescription>Your latest completed brand audits</CardDescription>
      </CardHeader>
      <CardContent>
        {audits === null ? (
          <div className="space-y-3" aria-busy="true">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : audits.length === 0 ? (
          <div className="flex flex-col items-center rounded-lg border border-dashed px-4 py-10 text-center">
            <span className="flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
              <ScanSearch aria-hidden="true" className="size-5" />
            </span>
            <p className="mt-3 font-medium">No audits yet</p>
            <p className="mt-1 max-w-sm text-muted-foreground text-sm">
              Run a brand audit to see your score, what is working and what to fix first.
            </p>
            <Button asChild className="mt-5">
              <Link href="/brand-audit">Start Your First Audit</Link>
            </Button>
          </div>
        ) : (
          <ul className="divide-y" aria-label="Recent audits">
            {audits.map((audit) => (
              <li key={audit.id} className="py-3 first:pt-0 last:pb-0" data-testid="recent-audit">
                <div className="flex items-center justify-between gap-3">
                  <div className="min-w-0">
                    <p className="truncate font-medium text-sm">{audit.brandName ?? 'Unknown Brand'}</p>
                    <p className="text-muted-foreground text-xs">{formatDate(audit.createdAt)}</p>
                  </div>
                  <div className="flex shrink-0 items-center gap-3">
                    {overallMeasured(audit) ? (
                      <span className={cn('font-bold text-lg tabular-nums', scoreTextClass(audit.overallScore))}>
                        {audit.overallScore}
                        <span className="sr-only"> out of 100</span>
                      </span>
                    ) : (
                      <span className="text-muted-foreground text-xs">{NOT_ENOUGH_MEASURED}</span>
                    )}
                    <Button variant="outline" size="sm" asChild>
                      <Link href={`/audit-results/${audit.id}`}>View</Link>
                    </Button>
                  </div>
                </div>
                <CompactAreaScores audit={audit} className="mt-2 grid gap-x-4 gap-y-1.5 sm:grid-cols-3" />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
