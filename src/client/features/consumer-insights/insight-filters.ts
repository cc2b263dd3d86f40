import type { TSentimentLabel } from '../../../shared/schemas/insights.ts';
import { readLocal, storageKeys, writeLocal } from '../../lib/storage.ts';

/** Whose mentions the list shows: the brand's own, its competitors' or both (SPEC §2). */
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
