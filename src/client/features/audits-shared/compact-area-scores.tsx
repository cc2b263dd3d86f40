import type { TAuditSummary } from '../../../shared/schemas/audits.ts';
import { areaCoverageOf } from './coverage.ts';
import { areaScoreRows } from './report-overview.tsx';
import { SubScore } from './sub-score.tsx';

/** The three area scores of an audit, each with its coverage, as the audit cards and lists show them. */
export function CompactAreaScores({ audit, className }: { audit: TAuditSummary; className?: string }) {
  return (
    <div className={className}>
      {areaScoreRows.map(({ key, area, label }) => (
        <SubScore key={key} label={label} score={audit[key]} coverage={areaCoverageOf(audit, area)} variant="compact" />
      ))}
    </div>
  );
}
