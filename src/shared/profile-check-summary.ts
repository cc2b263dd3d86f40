import type { TCheckResult } from './schemas/audits.ts';

const statusWords = [
  ['pass', 'passed'],
  ['fail', 'failed'],
  ['not_measured', 'not measured'],
  ['not_applicable', 'not applicable'],
] as const;

/** The checks made on one network's profile (their ids start with `social.<network>.`). */
export function checksOfProfile(checks: readonly TCheckResult[], network: string): TCheckResult[] {
  return checks.filter((check) => check.id.startsWith(`social.${network}.`));
}

/**
 * One line telling where a profile's checks are and how they went, so the profile's read and its checks
 * are shown once each: 'Its 5 checks are listed in the score groups below: 4 passed, 1 failed.'
 */
export function profileCheckSummary(checks: readonly TCheckResult[]): string {
  if (checks.length === 0) return 'No check was made on this profile.';
  const parts = statusWords
    .map(([status, words]) => [checks.filter((check) => check.status === status).length, words] as const)
    .filter(([count]) => count > 0)
    .map(([count, words]) => `${count} ${words}`);
  const lead = checks.length === 1 ? 'Its check is' : `Its ${checks.length} checks are`;
  return `${lead} listed in the score groups below: ${parts.join(', ')}.`;
}
