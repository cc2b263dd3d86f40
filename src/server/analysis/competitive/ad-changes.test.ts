import { describe, expect, it } from 'vitest';
import { adChangesSince } from './ad-changes.ts';
import type { AnalysedAd } from './types.ts';

const now = new Date('2026-11-23T06:00:00Z');
const since = new Date('2026-11-16T06:00:00Z');

function ad(id: string, overrides: Partial<AnalysedAd> = {}): AnalysedAd {
  return {
    id,
    competitorId: 'c',
    platform: 'meta',
    adTitle: null,
    adText: null,
    landingPageTitle: null,
    landingPageCta: null,
    adType: null,
    campaignObjective: null,
    isActive: true,
    firstSeenAt: new Date('2026-10-01T12:00:00Z'),
    lastSeenAt: null,
    createdAt: new Date('2026-10-01T12:00:00Z'),
    targeting: null,
    spend: null,
    spendCurrency: null,
    impressions: null,
    reach: null,
    ...overrides,
  };
}

describe('what changed since the last comparison', () => {
  const old = ad('old', { adText: 'Handmade in our Leeds workshop.' });
  const stopped = ad('stopped', {
    adText: 'Coffee for the office.',
    isActive: false,
    lastSeenAt: new Date('2026-11-18T12:00:00Z'),
  });
  const stoppedLongAgo = ad('gone', { isActive: false, lastSeenAt: new Date('2026-11-01T12:00:00Z') });
  const sale = ad('sale', {
    adText: 'Black Friday: 30% off everything, ends Sunday.',
    firstSeenAt: new Date('2026-11-20T12:00:00Z'),
  });
  const craft = ad('craft', { adText: 'Hand-made by our makers.', firstSeenAt: new Date('2026-11-19T12:00:00Z') });
  const tiktok = ad('tt', { platform: 'tiktok', firstSeenAt: new Date('2026-11-21T12:00:00Z') });

  const found = adChangesSince([old, stopped, stoppedLongAgo, sale, craft, tiktok], since, now);

  it('lists the ads that started in the period, newest first', () => {
    expect(found.startedAdIds).toEqual(['tt', 'sale', 'craft']);
  });

  it('lists the ads that stopped in the period, not those that stopped before it', () => {
    expect(found.stoppedAdIds).toEqual(['stopped']);
  });

  it('names messages and offers no earlier ad used, with the ads that use them', () => {
    const patterns = found.newMessages.map((entry) => [entry.pattern, entry.offer, entry.adIds]);
    expect(patterns).toContainEqual(['price', true, ['sale']]);
    expect(patterns).toContainEqual(['urgency', true, ['sale']]);
    // handmade quality was already used before the period: not new
    expect(patterns.map(([pattern]) => pattern)).not.toContain('quality');
  });

  it('finds nothing when nothing changed', () => {
    expect(adChangesSince([old, stoppedLongAgo], since, now)).toEqual({
      startedAdIds: [],
      stoppedAdIds: [],
      newMessages: [],
    });
  });
});
