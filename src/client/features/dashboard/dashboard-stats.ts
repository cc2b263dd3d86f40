import { UNLIMITED_BRANDS } from '../../../shared/plans.ts';
import type { TAuditSummary } from '../../../shared/schemas/audits.ts';
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

/** The four stat cards of SPEC §2 (Dashboard); only completed audits count. */
export function dashboardStats(audits: TAuditSummary[], brandCount: number, maxBrands = 1): DashboardStats {
  const completed = completedAudits(audits);
  // An audit with no area measured enough stores 0 as its overall score; that 0 is not a score.
  const scored = completed.filter(overallMeasured);
  const total = scored.reduce((sum, audit) => sum + audit.overallScore, 0);
  const remaining = Math.max(0, maxBrands - brandCount);
  return {
    brandScore: scored.length ? Math.round(total / scored.length) : 0,
    latestScore: completed[0] && overallMeasured(completed[0]) ? completed[0].overallScore : null,
    completedAudits: completed.length,
    brandCount,
    brandsRemaining: maxBrands >= UNLIMITED_BRANDS ? 'Unlimited' : `${remaining} remaining`,
  };
}
