import type { brands } from '../../db/schema/index.ts';

/** The brand's ad markets, first its main one; a brand stored before markets were a list has its one. */
export function brandMarkets(brand: Pick<typeof brands.$inferSelect, 'adMarket' | 'adMarkets'>): string[] {
  const markets = brand.adMarkets?.length ? brand.adMarkets : [brand.adMarket];
  return [...new Set(markets)];
}
