import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TInsight, ZCreateInsightRequest } from '../../../shared/schemas/insights.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { type Actor, getBrandOrThrow } from '../../http/access.ts';
import { assertInsightRoom, insightRoomForBrand } from '../billing/plan-limits.ts';
import type { FeatureContext } from '../context.ts';
import { analyseInsightText, genreOf } from './analyse-insight.ts';
import { toInsight } from './insight-dto.ts';
import { storeInsights } from './store-insights.ts';

export type CreateInsightInput = z.output<typeof ZCreateInsightRequest>;

/**
 * Manual feedback: analysed at once (the local engine, refined by the language model when one is
 * configured) and stored under the brand's owner, whose plan must have room for one more insight.
 */
export async function createInsight(
  ctx: Pick<FeatureContext, 'db' | 'ai' | 'logger'>,
  { actor, input }: { actor: Actor; input: CreateInsightInput },
): Promise<TInsight> {
  const brand = await getBrandOrThrow(ctx.db, actor, input.brandId);
  // Checked before the analysis so a refused request costs no model call.
  await insightRoomForBrand(ctx.db, brand);
  const analysis = await analyseInsightText(input.content, {
    ai: ctx.ai,
    logger: ctx.logger,
    genre: genreOf(input),
  });
  const [row] = await ctx.db.transaction(async (tx) => {
    // Locking the owner's row serialises concurrent adds, so the plan's allowance cannot be overrun.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, brand.userId)).for('update');
    const db = tx as unknown as Database;
    await assertInsightRoom(db, brand.userId, 1);
    return storeInsights(db, brand, [
      {
        content: input.content,
        analysis,
        source: input.source,
        platform: input.platform ?? null,
        authorName: input.authorName ?? null,
        authorHandle: input.authorHandle ?? null,
        // A person may report the same words twice on purpose.
        deduplicate: false,
      },
    ]);
  });
  if (!row) throw new Error('the insight was not stored');
  return toInsight(row);
}
