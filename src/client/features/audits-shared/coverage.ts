import type { TAreaCoverage, TAuditSummary } from '../../../shared/schemas/audits.ts';

export type TCoverageArea = 'website' | 'socialMedia' | 'brandAssets';

/** An area's coverage; null for audits scored before coverage was recorded. */
export function areaCoverageOf(audit: Pick<TAuditSummary, 'coverage'>, area: TCoverageArea): TAreaCoverage | null {
  return audit.coverage?.[area] ?? null;
}

/** False only when the audit recorded that no area had enough measured (its overallScore is then a stored 0). */
export function overallMeasured(audit: Pick<TAuditSummary, 'coverage'>): boolean {
  return audit.coverage?.overallMeasured !== false;
}
