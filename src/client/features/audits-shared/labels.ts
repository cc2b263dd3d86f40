import type { TCheckResult } from '../../../shared/schemas/audits.ts';

export { areaLabels, auditAreas, groupLabel } from '../../../shared/audit-labels.ts';
export { sortRecommendations } from '../../../shared/recommendation-order.ts';

export type AuditArea = TCheckResult['area'];
export type CheckStatus = TCheckResult['status'];

export const areaDescriptions: Record<AuditArea, string> = {
  website: 'SEO basics, accessibility and tone of voice across the pages we crawled',
  socialMedia: 'Handles, profile links, posting frequency and tone across your channels',
  brandAssets: 'Colour contrast, logo quality and font consistency',
};

export const checkStatusLabels: Record<CheckStatus, string> = {
  pass: 'Passed',
  fail: 'Failed',
  not_applicable: 'Not applicable',
  not_measured: 'Not measured',
};

/** Failures first, so the things to fix are read first; then passes, then what was not scored. */
const statusOrder: Record<CheckStatus, number> = { fail: 0, pass: 1, not_measured: 2, not_applicable: 3 };

export function sortChecks(checks: TCheckResult[]): TCheckResult[] {
  return [...checks].sort((a, b) => statusOrder[a.status] - statusOrder[b.status]);
}
