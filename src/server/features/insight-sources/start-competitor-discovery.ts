import { and, count, eq } from 'drizzle-orm';
import { noCompetitorSourcesMessage, type TCompetitorDiscoveryTask } from '../../../shared/schemas/insight-sources.ts';
import { insightSources } from '../../db/schema/index.ts';
import { type Actor, getBrandOrThrow } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { insightRoomForBrand } from '../billing/plan-limits.ts';
import { getCompetitorOrThrow } from '../competitors/get-competitor-or-throw.ts';
import { assertIsCompetitor } from '../competitors/own-brand-row.ts';
import type { FeatureContext } from '../context.ts';
import { competitorMentionSubject } from '../mention-discovery/mention-subject.ts';
import { hasRunnableMentionSource } from '../mention-discovery/read-mention-sources.ts';
import { COMPETITOR_DISCOVERY_KIND, toCompetitorDiscoveryTask } from './source-dtos.ts';
import { queueDiscoveryTask } from './start-discovery.ts';

/**
 * POST /api/consumer-insights/discover-competitor: a competitor's discovery as a background job,
 * under the same one-discovery-at-a-time rule as the brand's (the task kind starts 'discovery:').
 */
export async function startCompetitorDiscovery(
  ctx: FeatureContext,
  { actor, input }: { actor: Actor; input: { competitorId: string } },
): Promise<TCompetitorDiscoveryTask> {
  const competitor = await getCompetitorOrThrow(ctx.db, actor, input.competitorId);
  assertIsCompetitor(competitor, 'competitor insight discovery');
  const brand = await getBrandOrThrow(ctx.db, actor, competitor.brandId);
  await insightRoomForBrand(ctx.db, brand);
  const [feeds] = await ctx.db
    .select({ value: count() })
    .from(insightSources)
    .where(and(eq(insightSources.competitorId, competitor.id), eq(insightSources.userId, competitor.userId)));
  const byName = competitorMentionSubject(competitor, brand);
  if (!competitor.website && !feeds?.value && !(await hasRunnableMentionSource(ctx, byName))) {
    throw new AppError('validation', noCompetitorSourcesMessage(competitor.name));
  }
  const task = await queueDiscoveryTask(ctx, {
    userId: actor.user.id,
    kind: COMPETITOR_DISCOVERY_KIND,
    subjectId: competitor.id,
  });
  return toCompetitorDiscoveryTask(task, competitor.name);
}
