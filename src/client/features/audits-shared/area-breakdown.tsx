import { NOT_ENOUGH_MEASURED, toAddSentence } from '../../../shared/audit-labels.ts';
import type { TScoreGroup } from '../../../shared/schemas/audits.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { cn } from '../../lib/utils.ts';
import { CheckItem } from './check-item.tsx';
import { areaCoverageOf } from './coverage.ts';
import { type AuditArea, areaDescriptions, areaLabels, auditAreas, groupLabel, sortChecks } from './labels.ts';
import type { TReportAudit } from './report-types.ts';
import { scoreSoftClass } from './score-colours.ts';
import { SocialProfilesRead } from './social-profiles-read.tsx';

function ScoreChip({
  score,
  large = false,
  notEnough = false,
}: {
  score: number | null;
  large?: boolean;
  notEnough?: boolean;
}) {
  if (score === null || notEnough) {
    return (
      <span className="shrink-0 rounded-full bg-muted px-2.5 py-0.5 font-medium text-muted-foreground text-xs">
        {notEnough ? NOT_ENOUGH_MEASURED : 'Not measured'}
      </span>
    );
  }
  return (
    <span
      className={cn(
        'shrink-0 rounded-full px-2.5 py-0.5 font-semibold text-sm tabular-nums ring-1 ring-inset',
        large && 'px-3 py-1 text-base',
        scoreSoftClass(score),
      )}
    >
      {score}
      <span className="sr-only"> out of 100</span>
    </span>
  );
}

function GroupSection({ groupKey, group }: { groupKey: string; group: TScoreGroup }) {
  const label = groupLabel(groupKey);
  return (
    <section className="rounded-lg border p-3 sm:p-4" data-group={groupKey}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h4 className="font-semibold">{label}</h4>
          <p className="mt-0.5 text-muted-foreground text-xs">{group.coverage}</p>
        </div>
        <ScoreChip score={group.score} />
      </div>
      {group.checks.length > 0 && (
        <ul className="mt-4 divide-y">
          {sortChecks(group.checks).map((check) => (
            <CheckItem key={check.id} check={check} />
          ))}
        </ul>
      )}
    </section>
  );
}

const areaScoreKey = {
  website: 'websiteScore',
  socialMedia: 'socialMediaScore',
  brandAssets: 'brandAssetsScore',
} as const satisfies Record<AuditArea, keyof TReportAudit>;

/** Every area and group with its score, its coverage and each check behind it. */
export function AreaBreakdown({ audit }: { audit: TReportAudit }) {
  const analysis = audit.analysis;
  if (!analysis) return null;
  return (
    <div className="space-y-6">
      <h2 className="font-semibold text-xl tracking-tight">What we measured</h2>
      {auditAreas.map((area) => {
        const groups = Object.entries(analysis[area] ?? {});
        if (groups.length === 0) return null;
        const score = audit[areaScoreKey[area]];
        const coverage = areaCoverageOf(audit, area);
        return (
          <Card key={area} className="gap-4" data-area={area}>
            <CardHeader className="grid-cols-[1fr_auto] px-4 sm:px-6">
              <div className="min-w-0 space-y-1.5">
                <CardTitle>
                  <h3 className="text-lg">{areaLabels[area]}</h3>
                </CardTitle>
                <CardDescription>{areaDescriptions[area]}</CardDescription>
                {coverage && (
                  <p className="text-muted-foreground text-xs" data-testid="area-coverage">
                    {coverage.coverage}
                    {!coverage.enough && ` · ${toAddSentence(coverage.toAdd, coverage.coverage)}`}
                  </p>
                )}
              </div>
              <ScoreChip score={score} large notEnough={coverage?.enough === false} />
            </CardHeader>
            <CardContent className="space-y-4 px-4 sm:px-6">
              {area === 'socialMedia' && <SocialProfilesRead audit={audit} />}
              {groups.map(([key, group]) => (
                <GroupSection key={key} groupKey={key} group={group} />
              ))}
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}
