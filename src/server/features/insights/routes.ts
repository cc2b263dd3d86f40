import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../shared/schemas/brands.ts';
import { ZCreateInsightRequest, ZInsightListQuery } from '../../../shared/schemas/insights.ts';
import { ZInsightRelevanceRequest } from '../../../shared/schemas/relevance.ts';
import { actorOf } from '../../http/authenticate.ts';
import type { FeatureContext } from '../context.ts';
import { createInsight } from './create-insight.ts';
import { deleteInsight } from './delete-insight.ts';
import { listInsights } from './list-insights.ts';
import { setInsightRelevance } from './set-insight-relevance.ts';

export function registerInsightRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: ctx.auth.requireActor };

  app.get('/api/consumer-insights', { ...signedIn, schema: { querystring: ZInsightListQuery } }, async (request) =>
    listInsights(ctx, { actor: actorOf(request), ...request.query }),
  );

  /** Flag as not about the brand ({ isRelevant: false }) or restore ({ isRelevant: true }). */
  app.patch(
    '/api/consumer-insights/:id/relevance',
    { ...signedIn, schema: { params: ZIdParams, body: ZInsightRelevanceRequest } },
    async (request) =>
      setInsightRelevance(ctx, { actor: actorOf(request), insightId: request.params.id, input: request.body }),
  );

  app.post(
    '/api/consumer-insights',
    { ...signedIn, schema: { body: ZCreateInsightRequest } },
    async (request, reply) => {
      const insight = await createInsight(ctx, { actor: actorOf(request), input: request.body });
      return reply.status(201).send(insight);
    },
  );

  app.delete('/api/consumer-insights/:id', { ...signedIn, schema: { params: ZIdParams } }, async (request) =>
    deleteInsight(ctx, { actor: actorOf(request), insightId: request.params.id }),
  );
}
