import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../shared/schemas/brands.ts';
import { actorOf } from '../../http/authenticate.ts';
import type { FeatureContext } from '../context.ts';
import { checkCompetitorPages } from './check-competitor-pages.ts';
import { listPageChanges } from './list-page-changes.ts';

/** A check fetches a competitor's site: limited per client like other outbound work. */
const outboundWork = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export function registerPageWatchRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: ctx.auth.requireActor };

  app.post(
    '/api/competitors/:id/page-snapshots',
    { ...signedIn, config: outboundWork, schema: { params: ZIdParams } },
    async (request, reply) => {
      const check = await checkCompetitorPages(ctx, { actor: actorOf(request), competitorId: request.params.id });
      return reply.status(201).send(check);
    },
  );

  app.get('/api/competitors/:id/page-changes', { ...signedIn, schema: { params: ZIdParams } }, async (request) =>
    listPageChanges(ctx.db, { actor: actorOf(request), competitorId: request.params.id }),
  );
}
