import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../shared/schemas/brands.ts';
import { ZCreateInsightRequest } from '../../../shared/schemas/insights.ts';
import {
  ZMentionExportQuery,
  ZMentionFilters,
  ZMentionListQuery,
  ZSentimentCorrectionRequest,
} from '../../../shared/schemas/mention-feed.ts';
import { ZInsightRelevanceRequest } from '../../../shared/schemas/relevance.ts';
import { actorOf } from '../../http/authenticate.ts';
import { attachmentDisposition, CSV_CONTENT_TYPE } from '../../http/csv-writer.ts';
import { sendPage } from '../../http/paging.ts';
import type { FeatureContext } from '../context.ts';
import { correctInsightSentiment } from './correct-insight-sentiment.ts';
import { createInsight } from './create-insight.ts';
import { deleteInsight } from './delete-insight.ts';
import { exportMentionsCsv } from './export-mentions-csv.ts';
import { listInsights } from './list-insights.ts';
import { setInsightRelevance } from './set-insight-relevance.ts';
import { summariseMentions } from './summarise-mentions.ts';

export function registerInsightRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: ctx.auth.requireActor };

  /** One page of the mention feed; X-Total-Count and Link rel="next" travel in headers. */
  app.get(
    '/api/consumer-insights',
    { ...signedIn, schema: { querystring: ZMentionListQuery } },
    async (request, reply) =>
      sendPage(request, reply, await listInsights(ctx, { actor: actorOf(request), input: request.query })),
  );

  app.get(
    '/api/consumer-insights/summary',
    { ...signedIn, schema: { querystring: ZMentionFilters } },
    async (request) => summariseMentions(ctx, { actor: actorOf(request), input: request.query }),
  );

  app.get(
    '/api/consumer-insights/export.csv',
    { ...signedIn, schema: { querystring: ZMentionExportQuery, produces: ['text/csv'] } },
    async (request, reply) => {
      const { fileName, stream } = await exportMentionsCsv(ctx, { actor: actorOf(request), input: request.query });
      return reply
        .type(CSV_CONTENT_TYPE)
        .header('Content-Disposition', attachmentDisposition(fileName))
        .header('Cache-Control', 'private, no-store')
        .send(stream);
    },
  );

  /** Flag as not about the brand ({ isRelevant: false }) or restore ({ isRelevant: true }). */
  app.patch(
    '/api/consumer-insights/:id/relevance',
    { ...signedIn, schema: { params: ZIdParams, body: ZInsightRelevanceRequest } },
    async (request) =>
      setInsightRelevance(ctx, { actor: actorOf(request), insightId: request.params.id, input: request.body }),
  );

  /** A person's word on the sentiment ({ sentiment: 'negative' }): it wins from then on. */
  app.patch(
    '/api/consumer-insights/:id/sentiment',
    { ...signedIn, schema: { params: ZIdParams, body: ZSentimentCorrectionRequest } },
    async (request) =>
      correctInsightSentiment(ctx, { actor: actorOf(request), insightId: request.params.id, input: request.body }),
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
