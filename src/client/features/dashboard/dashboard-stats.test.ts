import { describe, expect, it } from 'vitest';
import type { TAuditSummary } from '../../../shared/schemas/audits.ts';
import { completedAudits, dashboardStats } from './dashboard-stats.ts';

function audit(overrides: Partial<TAuditSummary>): TAuditSummary {
  return {
    id: crypto.randomUUID(),
    brandId: 'b1',
    brandName: 'Acme',
    status: 'completed',
    overallScore: 0,
    websiteScore: null,
    socialMediaScore: null,
    brandAssetsScore: null,
    coverage: null,
    progressStage: null,
    progressPercent: 100,
    failureReason: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    completedAt: '2026-03-01T10:02:00.000Z',
    ...overrides,
  };
}

describe('dashboardStats', () => {
  it('averages completed audits only and takes the newest as latest', () => {
    const audits = [
      audit({ overallScore: 0, status: 'processing', createdAt: '2026-03-05T10:00:00.000Z' }),
      audit({ overallScore: 81, createdAt: '2026-03-04T10:00:00.000Z' }),
      audit({ overallScore: 0, status: 'failed', createdAt: '2026-03-03T10:00:00.000Z' }),
      audit({ overallScore: 70, createdAt: '2026-03-02T10:00:00.000Z' }),
    ];
    expect(dashboardStats(audits, 1, 1)).toEqual({
      brandScore: 76,
      latestScore: 81,
      completedAudits: 2,
      brandCount: 1,
      brandsRemaining: '0 remaining',
    });
  });

  it('counts and averages every completed audit of the score history, beyond the page of audits loaded', () => {
    const loaded = [audit({ overallScore: 90, createdAt: '2026-03-09T10:00:00.000Z' })];
    const point = (overallScore: number | null) => ({
      auditId: crypto.randomUUID(),
      completedAt: '2026-03-01T10:02:00.000Z',
      overallScore,
      websiteScore: null,
      socialMediaScore: null,
      brandAssetsScore: null,
      coverage: null,
    });
    const history = {
      brands: [
        { brandId: 'b1', brandName: 'Acme', points: [point(60), point(null), point(90)] },
        { brandId: 'b2', brandName: 'Beta', points: [point(75)] },
      ],
    };
    expect(dashboardStats(loaded, 2, 5, history)).toMatchObject({
      brandScore: 75,
      latestScore: 90,
      completedAudits: 4,
    });
  });

  it('shows 0 and no latest score before any audit completes', () => {
    const stats = dashboardStats([audit({ status: 'processing' })], 0);
    expect(stats.brandScore).toBe(0);
    expect(stats.latestScore).toBeNull();
    expect(stats.brandsRemaining).toBe('1 remaining');
  });

  it('says Unlimited for the agency plan', () => {
    expect(dashboardStats([], 12, 999).brandsRemaining).toBe('Unlimited');
    expect(dashboardStats([], 2, 5).brandsRemaining).toBe('3 remaining');
  });
});

describe('completedAudits', () => {
  it('orders newest first', () => {
    const older = audit({ createdAt: '2026-01-01T00:00:00.000Z' });
    const newer = audit({ createdAt: '2026-02-01T00:00:00.000Z' });
    expect(completedAudits([older, newer]).map((a) => a.id)).toEqual([newer.id, older.id]);
  });
});
