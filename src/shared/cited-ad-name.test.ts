import { describe, expect, it } from 'vitest';
import { citedAdName, tiktokAdName } from './cited-ad-name.ts';
import { adsFromLine, competitorCountOf } from './competitor-report-counts.ts';

describe('how a report names a cited ad', () => {
  it('names a TikTok ad, which has no text, by its library id and says why', () => {
    expect(citedAdName({ platform: 'tiktok', adId: '7301234567890123456', title: null, excerpt: null })).toBe(
      "TikTok ad 7301234567890123456 (no text in TikTok's library)",
    );
    // reports made before the id was kept
    expect(citedAdName({ platform: 'tiktok', title: null, excerpt: null })).toBe(tiktokAdName(null));
    expect(tiktokAdName(null)).toBe("TikTok ad (no text in TikTok's library)");
  });

  it("uses an ad's own words where it has them, quoted when asked", () => {
    const ad = { platform: 'meta', adId: '1', title: null, excerpt: 'Fresh bread daily' };
    expect(citedAdName(ad)).toBe('Fresh bread daily');
    expect(citedAdName(ad, { quoted: true })).toBe('“Fresh bread daily”');
    expect(citedAdName({ ...ad, excerpt: null })).toBe('Untitled ad');
  });
});

describe("who a report's ads came from", () => {
  const row = (isOwnBrand: boolean, adsInPeriod: number) => ({
    competitorId: crypto.randomUUID(),
    name: isOwnBrand ? 'Crumb (your brand)' : 'Acme',
    isOwnBrand,
    adsInPeriod,
    activeAds: 0,
    medianRunningDays: null,
    longestRunningDays: null,
    platforms: [],
    shareOfAds: 0,
  });

  it("does not count the brand's own row as a competitor, and says when its ads were analysed", () => {
    const report = { competitorsAnalysed: 1, topCompetitors: [row(true, 2), row(false, 3), row(false, 0)] };
    expect(competitorCountOf(report)).toBe(2);
    expect(adsFromLine(report)).toBe('from 1 of 2 competitors and your brand');
    expect(adsFromLine({ ...report, topCompetitors: [row(true, 0), row(false, 3)] })).toBe('from 1 of 1 competitor');
  });
});
