import { marketCoverage } from '../../../shared/ad-market-coverage.ts';
import type { TAdMarketCoverage } from '../../../shared/schemas/ad-discovery.ts';
import type { Actor } from '../../http/access.ts';
import { getTrackedBrandOrThrow } from '../competitors/tracked-brand.ts';
import type { FeatureContext } from '../context.ts';
import { brandMarkets } from './brand-markets.ts';

/** Each of the brand's markets with what Meta's Ad Library API returns there (see ad-market-coverage.ts). */
export async function adMarketCoverageOf(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, input }: { actor: Actor; input: { brandId: string } },
): Promise<TAdMarketCoverage> {
  const brand = await getTrackedBrandOrThrow(ctx.db, actor, input.brandId);
  const markets = brandMarkets(brand).map(marketCoverage);
  return { brandId: brand.id, markets, anyFullCoverage: markets.some((market) => market.kind === 'all_ads') };
}
