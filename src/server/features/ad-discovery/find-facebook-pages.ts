/**
 * "Find Facebook page": the pages that advertise under a competitor's name in the brand's ad
 * market, with how many of the ads read are each one's, so the user can choose the competitor's
 * own. Nothing is stored; discovery then reads only the chosen page's ads.
 */
import { eq } from 'drizzle-orm';
import { metaUnavailableMessage, type TFacebookPageCandidates } from '../../../shared/schemas/ad-discovery.ts';
import { brands } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { findAdvertiserPages } from '../../integrations/meta-ad-library/advertiser-pages.ts';
import { AdLibraryError, TOKEN_INVALID_ADMIN_HINT } from '../../integrations/meta-ad-library/fetch-ads-archive.ts';
import type { RetryPolicy } from '../../integrations/meta-ad-library/retry-policy.ts';
import { getTrackedCompetitorOrThrow } from '../competitors/tracked-brand.ts';
import type { FeatureContext } from '../context.ts';
import { brandMarkets } from './brand-markets.ts';

/** While the user waits: fewer, shorter retries than a background discovery. */
const INTERACTIVE_RETRY: RetryPolicy = { maxAttempts: 2, baseDelayMs: 1000, maxDelayMs: 5000 };

export async function findFacebookPages(
  ctx: Pick<FeatureContext, 'db' | 'config' | 'logger'>,
  { actor, input }: { actor: Actor; input: { competitorId: string } },
): Promise<TFacebookPageCandidates> {
  const competitor = await getTrackedCompetitorOrThrow(ctx.db, actor, input.competitorId, { toChange: true });
  const { token, graphUrl } = ctx.config.metaAdLibrary;
  if (!token) throw new AppError('validation', metaUnavailableMessage(Boolean(ctx.config.services.tiktok.credentials)));
  const [brand] = await ctx.db
    .select({ adMarket: brands.adMarket, adMarkets: brands.adMarkets })
    .from(brands)
    .where(eq(brands.id, competitor.brandId));
  const countries = brand ? brandMarkets(brand) : ['GB'];
  try {
    const found = await findAdvertiserPages(
      { graphUrl, token, searchTerms: competitor.name, countries },
      { retry: INTERACTIVE_RETRY },
    );
    return { competitorId: competitor.id, searchedFor: competitor.name, countries, ...found };
  } catch (error) {
    if (!(error instanceof AdLibraryError)) throw error;
    if (error.kind === 'token') ctx.logger.warn(TOKEN_INVALID_ADMIN_HINT);
    throw new AppError('upstream_failed', error.message);
  }
}
