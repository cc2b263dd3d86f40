import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../shared/schemas/brands.ts';
import { ZActionStatusRequest } from '../../../shared/schemas/recommendations.ts';
import { actionItems, brands } from '../../db/schema/index.ts';
import { ownedBy } from '../../http/access.ts';
import { actorOf } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import type { FeatureContext } from '../context.ts';
import { toActionItemDto } from './action-item-dto.ts';
import { generateActionItems } from './generate-action-items.ts';

const priorityRank = sql`case ${actionItems.priority} when 'High' then 0 when 'Medium' then 1 else 2 end`;

export function registerActionItemRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: ctx.auth.requireActor };

  app.get('/api/action-items', signedIn, async (request) => {
    const rows = await ctx.db
      .select({ item: actionItems, brandName: brands.name })
      .from(actionItems)
      .innerJoin(brands, eq(brands.id, actionItems.brandId))
      .where(ownedBy(actorOf(request), actionItems.userId))
      .orderBy(asc(actionItems.status), asc(priorityRank), desc(actionItems.completedAt), asc(actionItems.createdAt));
    return rows.map((row) => toActionItemDto(row.item, row.brandName));
  });

  app.post('/api/action-items/generate', signedIn, async (request) => generateActionItems(ctx.db, actorOf(request)));

  app.patch(
    '/api/action-items/:id/status',
    { ...signedIn, schema: { params: ZIdParams, body: ZActionStatusRequest } },
    async (request) => {
      const actor = actorOf(request);
      const { status } = request.body;
      const [updated] = await ctx.db
        .update(actionItems)
        .set({ status, completedAt: status === 'completed' ? new Date() : null })
        .where(and(eq(actionItems.id, request.params.id), ownedBy(actor, actionItems.userId)))
        .returning();
      if (!updated) throw notFound('Action item not found');
      const [brand] = await ctx.db.select({ name: brands.name }).from(brands).where(eq(brands.id, updated.brandId));
      return toActionItemDto(updated, brand?.name ?? '');
    },
  );
}
