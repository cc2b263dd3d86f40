import type { TInsight, TSentimentLabel } from '../../../shared/schemas/insights.ts';
import { readLocal, storageKeys, writeLocal } from '../../lib/storage.ts';

/** Whose insights the list shows: the brand's own, its competitors' or both (SPEC §2). */
export const brandFilters = ['my-brand', 'competitors', 'all'] as const;
export type BrandFilter = (typeof brandFilters)[number];
export const brandFilterLabels: Record<BrandFilter, string> = {
  'my-brand': 'My brand',
  competitors: 'Competitors',
  all: 'All',
};
export const DEFAULT_BRAND_FILTER: BrandFilter = 'my-brand';

export type SentimentFilter = 'all' | TSentimentLabel;
export const sentimentFilters: SentimentFilter[] = ['all', 'positive', 'negative', 'neutral'];

function isBrandFilter(value: unknown): value is BrandFilter {
  return typeof value === 'string' && (brandFilters as readonly string[]).includes(value);
}

/** The brand filter kept in local storage; 'my-brand' when none (or something unknown) is stored. */
export function readBrandFilter(): BrandFilter {
  const stored = readLocal(storageKeys.insightBrandFilter);
  return isBrandFilter(stored) ? stored : DEFAULT_BRAND_FILTER;
}

export function writeBrandFilter(filter: BrandFilter): void {
  writeLocal(storageKeys.insightBrandFilter, filter);
}

/** An insight about a competitor carries the competitor's id; the brand's own carry none. */
export function matchesBrandFilter(insight: Pick<TInsight, 'competitorId'>, filter: BrandFilter): boolean {
  if (filter === 'all') return true;
  const aboutCompetitor = insight.competitorId !== null;
  return filter === 'competitors' ? aboutCompetitor : !aboutCompetitor;
}

export type SentimentCounts = Record<SentimentFilter, number>;

/** How many insights each sentiment choice would show ('all' is the total). */
export function countBySentiment(insights: readonly Pick<TInsight, 'sentiment'>[]): SentimentCounts {
  const counts: SentimentCounts = { all: insights.length, positive: 0, negative: 0, neutral: 0 };
  for (const insight of insights) counts[insight.sentiment] += 1;
  return counts;
}

/** The list as filtered, keeping the server's order (newest first), with the counts per sentiment. */
export function filterInsights<T extends Pick<TInsight, 'competitorId' | 'sentiment'>>(
  insights: readonly T[],
  { brand, sentiment }: { brand: BrandFilter; sentiment: SentimentFilter },
): { shown: T[]; counts: SentimentCounts } {
  const aboutWhom = insights.filter((insight) => matchesBrandFilter(insight, brand));
  const shown = sentiment === 'all' ? aboutWhom : aboutWhom.filter((insight) => insight.sentiment === sentiment);
  return { shown, counts: countBySentiment(aboutWhom) };
}
