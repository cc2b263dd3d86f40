import { UNLIMITED_BRANDS } from '../../../shared/plans.ts';
import type { TAuditSummary } from '../../../shared/schemas/audits.ts';
import type { TScoreHistory } from '../../../shared/schemas/score-history.ts';
import { overallMeasured } from '../audits-shared/coverage.ts';

export type DashboardStats = {
  /** mean overallScore of completed audits that had an overall score, rounded; 0 when there are none */
  brandScore: number;
  /** the newest completed audit's score; null when there are none or it had too little measured */
  latestScore: number | null;
  completedAudits: number;
  brandCount: number;
  /** 'N remaining', or 'Unlimited' for the agency plan's 999 brands */
  brandsRemaining: string;
};

export const RECENT_AUDIT_COUNT = 3;

/** Completed audits, newest first (the API already lists newest first; this does not rely on it). */
export function completedAudits(audits: TAuditSummary[]): TAuditSummary[] {
  return audits
    .filter((audit) => audit.status === 'completed')
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/**
 * The four stat cards of SPEC §2 (Dashboard); only completed audits count. The audit list comes one
 * page at a time, so the mean and the count come from the score history, which holds every completed
 * audit; the latest score comes from the list's newest completed audit. Without the history (it
 * failed to load) the audits loaded so far stand in.
 */
export function dashboardStats(
  audits: TAuditSummary[],
  brandCount: number,
  maxBrands = 1,
  history?: TScoreHistory,
): DashboardStats {
  const completed = completedAudits(audits);
  // An audit with no area measured enough stores 0 as its overall score; that 0 is not a score
  // (the history gives it as null).
  const everyCompleted = history
    ? history.brands.flatMap((brand) => brand.points.map((point) => point.overallScore))
    : completed.map((audit) => (overallMeasured(audit) ? audit.overallScore : null));
  const scored = everyCompleted.filter((score): score is number => score !== null);
  const total = scored.reduce((sum, score) => sum + score, 0);
  const remaining = Math.max(0, maxBrands - brandCount);
  return {
    brandScore: scored.length ? Math.round(total / scored.length) : 0,
    latestScore: completed[0] && overallMeasured(completed[0]) ? completed[0].overallScore : null,
    completedAudits: everyCompleted.length,
    brandCount,
    brandsRemaining: maxBrands >= UNLIMITED_BRANDS ? 'Unlimited' : `${remaining} remaining`,
  };
}
