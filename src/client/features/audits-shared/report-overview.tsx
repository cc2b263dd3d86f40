import { Globe, Image, Share2 } from 'lucide-react';
import { NOT_ENOUGH_MEASURED } from '../../../shared/audit-labels.ts';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { cn } from '../../lib/utils.ts';
import { areaCoverageOf, overallMeasured } from './coverage.ts';
import type { TReportAudit } from './report-types.ts';
import { scoreBandLabel, scoreSoftClass } from './score-colours.ts';
import { ScoreGauge } from './score-gauge.tsx';
import { SubScore } from './sub-score.tsx';

export const areaScoreRows = [
  { key: 'websiteScore', area: 'website', label: 'Website', icon: Globe },
  { key: 'socialMediaScore', area: 'socialMedia', label: 'Social media', icon: Share2 },
  { key: 'brandAssetsScore', area: 'brandAssets', label: 'Brand assets', icon: Image },
] as const;

function headline(score: number): string {
  if (score >= 80) return 'Your brand presents consistently across the places we checked.';
  if (score >= 60) return 'A solid base, with a few things worth fixing.';
  return 'Several measured problems are holding your brand back.';
}

/** The overall score in a gauge, the three area scores with their coverage, and when the audit finished. */
export function ReportOverview({ audit }: { audit: TReportAudit }) {
  const measured = overallMeasured(audit);
  return (
    <Card className="gap-0 py-0" data-testid="report-overview">
      <CardContent className="flex flex-col items-center gap-6 p-5 sm:flex-row sm:items-center sm:gap-8 sm:p-6">
        <ScoreGauge score={measured ? audit.overallScore : null} label="Overall brand score" className="size-40" />
        <div className="w-full min-w-0 flex-1 space-y-5">
          <div className="text-center sm:text-left">
            <div className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
              <h2 className="font-semibold text-lg">Overall brand score</h2>
              {measured && (
                <span
                  className={cn(
                    'rounded-full px-2 py-0.5 font-medium text-xs ring-1 ring-inset',
                    scoreSoftClass(audit.overallScore),
                  )}
                >
                  {scoreBandLabel(audit.overallScore)}
                </span>
              )}
            </div>
            <p className="mt-1 text-muted-foreground text-sm">
              {measured
                ? headline(audit.overallScore)
                : `${NOT_ENOUGH_MEASURED}: too few checks applied in every area for a score, so there is no overall score.`}
            </p>
            {audit.completedAt && (
              <p className="mt-1 text-muted-foreground text-xs">Completed {formatDateTime(audit.completedAt)}</p>
            )}
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            {areaScoreRows.map(({ key, area, label, icon }) => (
              <SubScore key={key} label={label} score={audit[key]} coverage={areaCoverageOf(audit, area)} icon={icon} />
            ))}
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
