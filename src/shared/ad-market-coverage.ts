/**
 * Which ads Meta's Ad Library API (`GET /ads_archive`) returns for a market, as Meta documents it.
 *
 * - Graph API reference, "Ad Library API" (`ads_archive`), parameter `ad_reached_countries`:
 *   "Ads that did not reach any location in the EU will only return if they are about social
 *   issues, elections or politics." `ad_type=ALL` "returns ads on all topics" (within that rule).
 *   https://developers.facebook.com/docs/graph-api/reference/ads_archive/
 * - Meta's Ad Library API page lists what can be searched: "Ads about social issues, election or
 *   politics that were delivered anywhere in the world during the past 7 years" and "Ads of any
 *   type that were delivered to the United Kingdom (UK) or European Union during the past year".
 *   https://www.facebook.com/ads/library/api
 *
 * So: an EU member state gives every ad (of the past year); the UK is named with the EU on the API
 * page but is not in the EU that the reference's rule names, so its coverage is told as uncertain;
 * every other market (the EEA's Norway and Iceland, Switzerland, the US, Brazil ...) gives only ads
 * about social issues, elections or politics. Neither page has a rule of its own for Brazil.
 */
import { adMarketName } from './ad-markets.ts';

/** The EU's 27 member states (ISO 3166-1 alpha-2); the reference's rule is about "the EU". */
export const EU_MEMBER_STATES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
] as const;

/**
 * all_ads: every ad delivered there (EU). uncertain: Meta's two pages disagree (UK).
 * political_only: only ads about social issues, elections or politics.
 */
export type TMarketCoverageKind = 'all_ads' | 'uncertain' | 'political_only';

export type TMarketCoverage = { market: string; kind: TMarketCoverageKind; message: string };

const euSet = new Set<string>(EU_MEMBER_STATES);

export function marketCoverageKind(market: string): TMarketCoverageKind {
  if (euSet.has(market)) return 'all_ads';
  if (market === 'GB') return 'uncertain';
  return 'political_only';
}

const addInstead = 'choose an EU market where this competitor advertises, or add ads by hand or CSV';

/** 'the United Kingdom', 'Ireland': a market's name as it reads in a sentence. */
export function marketPlaceName(market: string): string {
  const name = adMarketName(market);
  return ['GB', 'US', 'NL', 'AE'].includes(market) ? `the ${name}` : name;
}

/** What the screen says about one market, before and after a discovery. */
export function marketCoverageMessage(market: string): string {
  const where = marketPlaceName(market);
  const kind = marketCoverageKind(market);
  if (kind === 'all_ads') {
    return `In ${where}, Meta's API returns every ad delivered there in the past year, with EU reach and targeting where Meta discloses them.`;
  }
  if (kind === 'uncertain') {
    return `In ${where}, Meta's API may return only political and issue ads: its API reference returns ads that reached no EU country only when they are about social issues, elections or politics, though its Ad Library API page lists the UK with the EU. If a competitor's ads are missing, ${addInstead}.`;
  }
  return `In ${where}, Meta's API returns only political and issue ads: ${addInstead}.`;
}

export function marketCoverage(market: string): TMarketCoverage {
  return { market, kind: marketCoverageKind(market), message: marketCoverageMessage(market) };
}

/** Why a search of these markets found no ads: the markets' coverage, or the page itself. */
export type TZeroAdsReason = 'market_coverage' | 'no_ads_in_covered_markets';

export function zeroAdsReason(markets: readonly string[]): TZeroAdsReason {
  return markets.some((market) => marketCoverageKind(market) === 'all_ads')
    ? 'no_ads_in_covered_markets'
    : 'market_coverage';
}

export function zeroAdsMessage(competitorName: string, markets: readonly string[]): string {
  const names = markets.map(marketPlaceName).join(', ');
  if (zeroAdsReason(markets) === 'no_ads_in_covered_markets') {
    const covered = markets.filter((market) => marketCoverageKind(market) === 'all_ads').map(marketPlaceName);
    return `No ads found: ${competitorName}'s page ran no ads that reached ${covered.join(', ')} in the past year (Meta's API returns every ad delivered there).`;
  }
  return `No ads found, which may be the market, not ${competitorName}: in ${names}, Meta's API returns only (or possibly only) political and issue ads. Choose an EU market where ${competitorName} advertises, or add ads by hand or CSV.`;
}
