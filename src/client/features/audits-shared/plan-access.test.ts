import { describe, expect, it } from 'vitest';
import { readOnlyBrandMessage, storedFeatureNotice } from '../../../shared/plan-messages.ts';
import type { TBrand } from '../../../shared/schemas/brands.ts';
import { brandReadOnlyState, moduleReadOnlyState, planLacks } from './plan-access.ts';

function brand(overrides: Partial<TBrand> = {}): TBrand {
  return {
    id: 'b1',
    userId: 'u1',
    name: 'Acme',
    websiteUrl: null,
    instagramHandle: null,
    twitterHandle: null,
    linkedinHandle: null,
    tiktokHandle: null,
    facebookHandle: null,
    blueskyHandle: null,
    mastodonHandle: null,
    youtubeHandle: null,
    logoUrl: null,
    colourPalette: [],
    fonts: [],
    assets: [],
    adMarket: 'GB',
    adMarkets: ['GB'],
    renderMode: 'auto',
    createdAt: '2026-03-01T10:00:00.000Z',
    readOnly: false,
    readOnlyReason: null,
    ...overrides,
  };
}

const beyondFree = brand({ readOnly: true, readOnlyReason: readOnlyBrandMessage('free', 'Acme', 1) });

describe('moduleReadOnlyState', () => {
  it('is open for a plan with the feature and a brand it includes', () => {
    expect(moduleReadOnlyState('smb', brand(), 'consumerInsights')).toBeNull();
  });

  it('keeps a free account’s stored insights read-only, in the plans table’s words, offering Starter', () => {
    expect(planLacks('free', 'consumerInsights')).toBe(true);
    expect(moduleReadOnlyState('free', brand(), 'consumerInsights')).toEqual({
      message:
        'Your Free plan does not include consumer insights. What you collected stays here, read-only. Upgrade to add more.',
      upgradeTo: 'starter',
    });
    expect(moduleReadOnlyState('free', beyondFree, 'competitorTracking')?.message).toBe(
      storedFeatureNotice('free', 'competitorTracking'),
    );
  });

  it('says why a brand beyond the plan is read-only, offering the first plan with more brands', () => {
    expect(moduleReadOnlyState('smb', brand({ readOnly: true, readOnlyReason: 'Why' }), 'consumerInsights')).toEqual({
      message: 'Why',
      upgradeTo: 'agency',
    });
    // Starter has no more brands than Free: the offer skips it.
    expect(brandReadOnlyState('free', beyondFree)).toEqual({ message: beyondFree.readOnlyReason, upgradeTo: 'smb' });
    expect(brandReadOnlyState('agency', brand({ readOnly: true, readOnlyReason: 'Why' }))?.upgradeTo).toBeNull();
  });

  it('is unknown-plan safe: only the brand decides until the user is loaded', () => {
    expect(planLacks(undefined, 'consumerInsights')).toBe(false);
    expect(moduleReadOnlyState(undefined, brand(), 'consumerInsights')).toBeNull();
    expect(moduleReadOnlyState(undefined, beyondFree, 'consumerInsights')?.upgradeTo).toBeNull();
  });
});
