import { describe, expect, it } from 'vitest';
import { checksOfProfile, profileCheckSummary } from './profile-check-summary.ts';
import type { TCheckResult } from './schemas/audits.ts';

const check = (id: string, status: TCheckResult['status']): TCheckResult => ({
  id,
  area: 'socialMedia',
  group: 'profiles',
  status,
  title: id,
  summary: '',
  evidence: [],
});

describe('profile check summary', () => {
  const checks = [
    check('social.bluesky.exists', 'pass'),
    check('social.bluesky.avatar', 'fail'),
    check('social.bluesky.website', 'not_measured'),
    check('social.bluesky.tone', 'pass'),
    check('social.mastodon.exists', 'pass'),
    check('social.handles.consistent', 'pass'),
  ];

  it("keeps only the network's own checks", () => {
    expect(checksOfProfile(checks, 'bluesky').map((item) => item.id)).toEqual([
      'social.bluesky.exists',
      'social.bluesky.avatar',
      'social.bluesky.website',
      'social.bluesky.tone',
    ]);
    expect(checksOfProfile(checks, 'youtube')).toEqual([]);
  });

  it('counts them by status and says where they are listed', () => {
    expect(profileCheckSummary(checksOfProfile(checks, 'bluesky'))).toBe(
      'Its 4 checks are listed in the score groups below: 2 passed, 1 failed, 1 not measured.',
    );
    expect(profileCheckSummary(checksOfProfile(checks, 'mastodon'))).toBe(
      'Its check is listed in the score groups below: 1 passed.',
    );
    expect(profileCheckSummary([])).toBe('No check was made on this profile.');
  });
});
