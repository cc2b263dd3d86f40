/** Check results for the scoring tests, worked out by hand there. */
import type { Area, CheckResult, CheckStatus } from '../types.ts';

export function check(
  id: string,
  area: Area,
  group: string,
  status: CheckStatus,
  summary = `${id} ${status}`,
): CheckResult {
  return { id, area, group, title: id, status, summary, evidence: [] };
}

export const seo = (id: string, status: CheckStatus) => check(`seo.${id}`, 'website', 'seoBasics', status);
