import { and, eq } from 'drizzle-orm';
import type { TCreateInsightSourceRequest, TInsightSourceDto } from '../../../shared/schemas/insight-sources.ts';
import { ZCreateInsightSourceRequest } from '../../../shared/schemas/insight-sources.ts';
import type { TInsightChannel } from '../../../shared/schemas/insights.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { insightSources } from '../../db/schema/index.ts';
import { type Actor, getBrandOrThrow } from '../../http/access.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { inferFeedCategory } from '../../integrations/insight-sources/feed-category.ts';
import { SourceReadError } from '../../integrations/insight-sources/source-read-error.ts';
import { platformOf } from '../../integrations/insight-sources/text.ts';
import { assertCanChangeBrand } from '../billing/plan-limits.ts';
import { getCompetitorOrThrow } from '../competitors/get-competitor-or-throw.ts';
import type { FeatureContext } from '../context.ts';
import { feedTitleOf } from './read-source.ts';
import { toSourceDto } from './source-dtos.ts';

const KIND_WORDS = { feed: 'This feed', site_reviews: 'This website' } as const;

/** One spelling per address, so the same feed typed twice is found as a duplicate. */
function canonicalUrl(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

/**
 * Adds a feed or a website's reviews as a source of a brand's insights. The address is fetched
 * once under the crawler's SSRF rules: a feed must parse as a feed, a website must answer with a
 * page; otherwise the refusal (400) says why. A site_reviews source defaults to the brand's website.
 */
export async function addInsightSource(
  ctx: Pick<FeatureContext, 'db' | 'config'>,
  { actor, brandId, input }: { actor: Actor; brandId: string; input: TCreateInsightSourceRequest },
): Promise<TInsightSourceDto> {
  const { kind, url: given, competitorId, category: chosen } = ZCreateInsightSourceRequest.parse(input);
  const brand = await getBrandOrThrow(ctx.db, actor, brandId);
  await assertCanChangeBrand(ctx.db, brand, { feature: 'consumerInsights', toDoMore: 'add insight sources' });
  const competitor = competitorId ? await getCompetitorOrThrow(ctx.db, actor, competitorId) : null;
  if (competitor && competitor.brandId !== brand.id) throw notFound('Competitor not found');
  const address = given ?? (competitor ? competitor.website : brand.websiteUrl);
  if (!address && competitor) {
    throw new AppError(
      'validation',
      `Add ${competitor.name}'s website address to the competitor first, or give the address of the page with the reviews`,
    );
  }
  if (!address) {
    throw new AppError(
      'validation',
      `Add ${brand.name}'s website address to the brand first, or give the address of the page with the reviews`,
    );
  }
  const url = canonicalUrl(address);
  const duplicate = () => new AppError('conflict', `${KIND_WORDS[kind]} is already a source of ${brand.name}`);
  const [existing] = await ctx.db
    .select({ id: insightSources.id })
    .from(insightSources)
    .where(and(eq(insightSources.brandId, brand.id), eq(insightSources.kind, kind), eq(insightSources.url, url)));
  if (existing) throw duplicate();

  const fetchOptions = { allowLoopback: ctx.config.crawlerAllowLoopback };
  let title: string;
  let category: TInsightChannel | null = null;
  try {
    // The readers bring cheerio: loaded when a source is added, not when the server starts.
    const { checkWebPage, fetchFeed } = await import('../../integrations/insight-sources/fetch-source.ts');
    if (kind === 'feed') {
      const feed = await fetchFeed(url, fetchOptions);
      // A feed's title is outside text: one NUL in it would fail the insert.
      const feedTitle = feedTitleOf(feed.title);
      title = feedTitle || platformOf(url) || url;
      category = chosen ?? inferFeedCategory({ url, title: feedTitle, generator: feed.generator });
    } else {
      title = feedTitleOf((await checkWebPage(url, fetchOptions)).title) || platformOf(url) || url;
    }
  } catch (error) {
    if (error instanceof SourceReadError) {
      throw new AppError(
        'validation',
        `${kind === 'feed' ? 'The feed' : 'The website'} cannot be added: ${error.message}`,
      );
    }
    throw error;
  }

  try {
    const [row] = await ctx.db
      .insert(insightSources)
      .values({
        brandId: brand.id,
        userId: brand.userId,
        competitorId: competitor?.id ?? null,
        kind,
        category,
        url,
        title: title.slice(0, 300),
      })
      .returning();
    return toSourceDto(row!);
  } catch (error) {
    // Two adds of the same address that raced past the check above.
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}
