import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { TAdChange, TBrandAdChanges } from '../../../shared/schemas/ad-changes.ts';
import { competitorAdChanges, competitors } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import { assertIsCompetitor } from '../competitors/own-brand-row.ts';
import { getTrackedBrandOrThrow, getTrackedCompetitorOrThrow } from '../competitors/tracked-brand.ts';
import type { FeatureContext } from '../context.ts';
import { toAdChanges } from './ad-change-dto.ts';
import { recordAdChanges } from './record-ad-changes.ts';

/** "Check what changed": a comparison now, since the competitor's previous one. */
export async function checkAdChangesNow(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, input }: { actor: Actor; input: { competitorId: string } },
): Promise<TAdChange> {
  const competitor = await getTrackedCompetitorOrThrow(ctx.db, actor, input.competitorId, { toChange: true });
  assertIsCompetitor(competitor, '"What changed"');
  const row = await recordAdChanges(ctx.db, competitor, { trigger: 'on_demand', week: null, now: new Date() });
  if (!row) throw new Error('An on-demand comparison was not stored');
  const [change] = await toAdChanges(ctx.db, [row], new Map([[competitor.id, competitor.name]]));
  return change as TAdChange;
}

/** The brand's competitors, each with its latest comparison. */
export async function listBrandAdChanges(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, input }: { actor: Actor; input: { brandId: string } },
): Promise<TBrandAdChanges> {
  const brand = await getTrackedBrandOrThrow(ctx.db, actor, input.brandId);
  const list = await ctx.db
    .select({ id: competitors.id, name: competitors.name })
    .from(competitors)
    // the brand's own ads are not "what changed" at a competitor: decision 0026 keeps it to rivals
    .where(and(eq(competitors.brandId, brand.id), eq(competitors.isOwnBrand, false)))
    .orderBy(asc(competitors.createdAt));
  const ids = list.map((competitor) => competitor.id);
  const rows = ids.length
    ? await ctx.db
        .selectDistinctOn([competitorAdChanges.competitorId])
        .from(competitorAdChanges)
        .where(and(inArray(competitorAdChanges.competitorId, ids), eq(competitorAdChanges.brandId, brand.id)))
        .orderBy(competitorAdChanges.competitorId, desc(competitorAdChanges.comparedAt))
    : [];
  const names = new Map(list.map((competitor) => [competitor.id, competitor.name]));
  const changes = await toAdChanges(ctx.db, rows, names);
  const latest = new Map(changes.map((change) => [change.competitorId, change]));
  return {
    competitors: list.map((competitor) => ({
      competitorId: competitor.id,
      competitorName: competitor.name,
      latest: latest.get(competitor.id) ?? null,
    })),
  };
}
