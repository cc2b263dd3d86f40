import { describe, expect, it } from 'vitest';
import {
  EU_MEMBER_STATES,
  marketCoverageKind,
  marketCoverageMessage,
  zeroAdsMessage,
  zeroAdsReason,
} from './ad-market-coverage.ts';
import { adMarkets } from './ad-markets.ts';

describe('what Meta returns per market', () => {
  it('gives every ad in the 27 EU member states, is uncertain in the UK and political only elsewhere', () => {
    expect(EU_MEMBER_STATES).toHaveLength(27);
    expect(marketCoverageKind('IE')).toBe('all_ads');
    expect(marketCoverageKind('DE')).toBe('all_ads');
    expect(marketCoverageKind('GB')).toBe('uncertain');
    for (const market of ['US', 'BR', 'NO', 'IS', 'CH', 'AU'])
      expect(marketCoverageKind(market)).toBe('political_only');
    // every market offered on the screen has a kind and a sentence naming it
    for (const market of adMarkets) expect(marketCoverageMessage(market.code)).toContain(market.name);
  });

  it('says so in words the user can act on', () => {
    expect(marketCoverageMessage('BR')).toBe(
      "In Brazil, Meta's API returns only political and issue ads: choose an EU market where this competitor advertises, or add ads by hand or CSV.",
    );
    expect(marketCoverageMessage('GB')).toMatch(
      /^In the United Kingdom, Meta's API may return only political and issue ads/,
    );
    expect(marketCoverageMessage('FR')).toMatch(/^In France, Meta's API returns every ad delivered there/);
  });

  it('tells why a search found nothing: the markets, or the page', () => {
    expect(zeroAdsReason(['US', 'GB'])).toBe('market_coverage');
    expect(zeroAdsReason(['US', 'IE'])).toBe('no_ads_in_covered_markets');
    expect(zeroAdsMessage('Acme', ['US', 'IE'])).toBe(
      "No ads found: Acme's page ran no ads that reached Ireland in the past year (Meta's API returns every ad delivered there).",
    );
    expect(zeroAdsMessage('Acme', ['US'])).toContain('in the United States, Meta');
  });
});
