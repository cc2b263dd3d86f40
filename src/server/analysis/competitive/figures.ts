import { wholePercentages } from '../../../shared/percentages.ts';
import type { TAdTrends, TKeyCount, TTopCompetitor } from '../../../shared/schemas/competitor-reports.ts';
import {
  adPlatformLabels,
  metaMediaTypeLabels,
  placementLabel,
  type TAdPlatform,
  type TMetaMediaType,
} from '../../../shared/schemas/competitors.ts';
import type { AdFacts, AnalysedCompetitor, CompetitiveWindow } from './types.ts';
import { isoWeekOf, runningDays, seenFrom } from './window.ts';

export { shareOf } from '../../../shared/percentages.ts';

/** Every item tied for the highest value (none when the highest is 0): a tie is never one leader. */
export function leadersOf<T>(items: readonly T[], measure: (item: T) => number): T[] {
  const top = Math.max(0, ...items.map(measure));
  return top === 0 ? [] : items.filter((item) => measure(item) === top);
}

/** Every item tied for the lowest value. */
export function laggardsOf<T>(items: readonly T[], measure: (item: T) => number): T[] {
  if (items.length === 0) return [];
  const bottom = Math.min(...items.map(measure));
  return items.filter((item) => measure(item) === bottom);
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return Math.round(value * 10) / 10;
}

export const typeLabels: Record<string, string> = {
  image: 'Image',
  video: 'Video',
  carousel: 'Carousel',
  collection: 'Collection',
  none: 'Not recorded',
};

export function objectiveLabel(key: string): string {
  if (key === 'none') return 'Not recorded';
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Counts by a key, most first and ties by key, with a label for each. */
export function countBy(ads: AdFacts[], keyOf: (ad: AdFacts) => string, labelOf: (key: string) => string): TKeyCount[] {
  const counts = new Map<string, number>();
  for (const ad of ads) counts.set(keyOf(ad), (counts.get(keyOf(ad)) ?? 0) + 1);
  return [...counts]
    .map(([key, count]) => ({ key, label: labelOf(key), count }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

export const platformLabel = (key: string) => adPlatformLabels[key as TAdPlatform] ?? key;

/** Each competitor's ads in the period: how many, how many still running, how long they run, where. */
export function topCompetitorsOf(
  competitors: AnalysedCompetitor[],
  ads: AdFacts[],
  window: CompetitiveWindow,
): TTopCompetitor[] {
  // the competitors' shares of the ads are parts of one whole, so they add up to exactly 100
  const shares = wholePercentages(
    competitors.map((competitor) => ads.filter((ad) => ad.competitorId === competitor.id).length),
  );
  return competitors
    .map((competitor, index) => {
      const own = ads.filter((ad) => ad.competitorId === competitor.id);
      const days = own.map((ad) => runningDays(ad, window)).filter((value): value is number => value !== null);
      return {
        competitorId: competitor.id,
        name: competitor.name,
        isOwnBrand: competitor.isOwnBrand ?? false,
        adsInPeriod: own.length,
        activeAds: own.filter((ad) => ad.isActive).length,
        medianRunningDays: median(days),
        longestRunningDays: days.length ? Math.max(...days) : null,
        platforms: countBy(own, (ad) => ad.platform, platformLabel),
        shareOfAds: shares[index] ?? 0,
      };
    })
    .sort((a, b) => b.activeAds - a.activeAds || b.adsInPeriod - a.adsInPeriod || a.name.localeCompare(b.name));
}

/** New ads (first seen in the period) per ISO week, and the period's ads by platform, type and objective. */
export function adTrendsOf(ads: AdFacts[], window: CompetitiveWindow): TAdTrends {
  const weeks = new Map<string, { week: string; weekStart: string; newAds: number }>();
  // every week the period touches, so a week without new ads shows as 0 rather than missing
  for (let at = window.start.getTime(); at < window.end.getTime() + 7 * 86_400_000; at += 86_400_000) {
    if (at > window.end.getTime()) break;
    const { week, weekStart } = isoWeekOf(new Date(at));
    if (!weeks.has(week)) weeks.set(week, { week, weekStart, newAds: 0 });
  }
  for (const ad of ads) {
    const from = seenFrom(ad);
    if (from.getTime() < window.start.getTime()) continue;
    const bucket = weeks.get(isoWeekOf(from).week);
    if (bucket) bucket.newAds += 1;
  }
  return {
    newAdsByWeek: [...weeks.values()].sort((a, b) => a.weekStart.localeCompare(b.weekStart)),
    byPlatform: countBy(ads, (ad) => ad.platform, platformLabel),
    byType: countBy(
      ads,
      (ad) => ad.adType ?? 'none',
      (key) => typeLabels[key] ?? key,
    ),
    byObjective: countBy(ads, (ad) => ad.campaignObjective ?? 'none', objectiveLabel),
    byMediaType: countBy(
      ads.filter((ad) => ad.platform === 'meta'),
      (ad) => ad.metaMediaType ?? 'unknown',
      (key) => metaMediaTypeLabels[key as TMetaMediaType] ?? 'Not recorded',
    ),
    byPlacement: placementCounts(ads),
  };
}

/** Meta ads by each place they ran (an ad in two places counts in both), most first. */
function placementCounts(ads: AdFacts[]): TKeyCount[] {
  const counts = new Map<string, number>();
  for (const ad of ads) {
    if (ad.platform !== 'meta') continue;
    for (const place of new Set(ad.publisherPlatforms ?? [])) counts.set(place, (counts.get(place) ?? 0) + 1);
  }
  return [...counts]
    .map(([key, count]) => ({ key, label: placementLabel(key), count }))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}
