import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../shared/schemas/brands.ts';
import {
  type TActiveDiscovery,
  ZCreateInsightSourceRequest,
  ZCsvImportFields,
  ZDiscoverCompetitorInsightsRequest,
  ZDiscoverInsightsRequest,
  ZInsightSourceParams,
  ZTaskParams,
} from '../../../shared/schemas/insight-sources.ts';
import { ZRelevanceTermsRequest } from '../../../shared/schemas/relevance.ts';
import { taskProgress } from '../../db/schema/index.ts';
import { getTaskOrThrow, taskVisibleTo } from '../../http/access.ts';
import { actorOf } from '../../http/authenticate.ts';
import { readCsvUpload } from '../../http/read-csv-upload.ts';
import { getCompetitorOrThrow } from '../competitors/get-competitor-or-throw.ts';
import type { FeatureContext } from '../context.ts';
import { addInsightSource } from './add-insight-source.ts';
import { deleteInsightSource } from './delete-insight-source.ts';
import { getRelevanceTerms } from './get-relevance-terms.ts';
import { listInsightSources } from './list-insight-sources.ts';
import {
  ANY_DISCOVERY_TASK,
  COMPETITOR_DISCOVERY_TASK,
  DISCOVERY_TASK,
  IMPORT_TASK,
  toCompetitorDiscoveryTask,
  toDiscoveryTask,
  toImportTask,
} from './source-dtos.ts';
import { startCompetitorDiscovery } from './start-competitor-discovery.ts';
import { startCsvImport } from './start-csv-import.ts';
import { startDiscovery } from './start-discovery.ts';
import { updateBrandRelevanceTerms } from './update-brand-relevance-terms.ts';
import { updateCompetitorRelevanceTerms } from './update-competitor-relevance-terms.ts';

/** Adding a source fetches it, and an import carries up to 20 MB: both are limited per client. */
const outboundWork = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export function registerInsightSourceRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: ctx.auth.requireActor };

  app.get('/api/brands/:id/insight-sources', { ...signedIn, schema: { params: ZIdParams } }, async (request) =>
    listInsightSources(ctx.db, { actor: actorOf(request), brandId: request.params.id }),
  );

  app.post(
    '/api/brands/:id/insight-sources',
    { ...signedIn, config: outboundWork, schema: { params: ZIdParams, body: ZCreateInsightSourceRequest } },
    async (request, reply) => {
      const source = await addInsightSource(ctx, {
        actor: actorOf(request),
        brandId: request.params.id,
        input: request.body,
      });
      return reply.status(201).send(source);
    },
  );

  app.delete(
    '/api/brands/:id/insight-sources/:sourceId',
    { ...signedIn, schema: { params: ZInsightSourceParams } },
    async (request, reply) => {
      await deleteInsightSource(ctx, {
        actor: actorOf(request),
        brandId: request.params.id,
        sourceId: request.params.sourceId,
      });
      return reply.status(204).send();
    },
  );

  app.get('/api/brands/:id/relevance-terms', { ...signedIn, schema: { params: ZIdParams } }, async (request) =>
    getRelevanceTerms(ctx, { actor: actorOf(request), brandId: request.params.id }),
  );

  app.put(
    '/api/brands/:id/relevance-terms',
    { ...signedIn, schema: { params: ZIdParams, body: ZRelevanceTermsRequest } },
    async (request) =>
      updateBrandRelevanceTerms(ctx, { actor: actorOf(request), brandId: request.params.id, input: request.body }),
  );

  app.put(
    '/api/competitors/:id/relevance-terms',
    { ...signedIn, schema: { params: ZIdParams, body: ZRelevanceTermsRequest } },
    async (request) =>
      updateCompetitorRelevanceTerms(ctx, {
        actor: actorOf(request),
        competitorId: request.params.id,
        input: request.body,
      }),
  );

  app.post(
    '/api/consumer-insights/discover',
    { ...signedIn, schema: { body: ZDiscoverInsightsRequest } },
    async (request, reply) => {
      const task = await startDiscovery(ctx, { actor: actorOf(request), input: request.body });
      return reply.status(202).send(task);
    },
  );

  app.post(
    '/api/consumer-insights/discover-competitor',
    { ...signedIn, schema: { body: ZDiscoverCompetitorInsightsRequest } },
    async (request, reply) => {
      const task = await startCompetitorDiscovery(ctx, { actor: actorOf(request), input: request.body });
      return reply.status(202).send(task);
    },
  );

  app.get(
    '/api/consumer-insights/competitor-discoveries/:taskId',
    { ...signedIn, schema: { params: ZTaskParams } },
    async (request) => {
      const actor = actorOf(request);
      const task = await getTaskOrThrow(ctx.db, actor, request.params.taskId, COMPETITOR_DISCOVERY_TASK);
      const competitor = await getCompetitorOrThrow(ctx.db, actor, task.subjectId ?? '');
      return toCompetitorDiscoveryTask(task, competitor.name);
    },
  );

  /**
   * The user's own discovery still queued or running (of any kind): one at a time per user. One
   * for a brand they may no longer see (removed from its team) is not shown.
   */
  app.get('/api/consumer-insights/discoveries/active', signedIn, async (request): Promise<TActiveDiscovery> => {
    const actor = actorOf(request);
    const [task] = await ctx.db
      .select()
      .from(taskProgress)
      .where(
        and(
          eq(taskProgress.userId, actor.user.id),
          taskVisibleTo(ctx.db, actor, ANY_DISCOVERY_TASK),
          inArray(taskProgress.status, ['queued', 'running']),
        ),
      )
      .orderBy(desc(taskProgress.createdAt))
      .limit(1);
    return {
      task: task
        ? { id: task.id, kind: task.kind, brandId: task.subjectId, percent: task.percent, stage: task.stage }
        : null,
    };
  });

  app.get(
    '/api/consumer-insights/discoveries/:taskId',
    { ...signedIn, schema: { params: ZTaskParams } },
    async (request) =>
      toDiscoveryTask(await getTaskOrThrow(ctx.db, actorOf(request), request.params.taskId, DISCOVERY_TASK)),
  );

  app.post(
    '/api/consumer-insights/import',
    { ...signedIn, config: { bodyType: 'multipart', ...outboundWork } },
    async (request, reply) => {
      const { fields, file } = await readCsvUpload(request, ZCsvImportFields, 'brandId and mapping');
      const task = await startCsvImport(ctx, {
        actor: actorOf(request),
        input: { fields, fileName: file.name, bytes: file.bytes },
      });
      return reply.status(202).send(task);
    },
  );

  app.get('/api/consumer-insights/imports/:taskId', { ...signedIn, schema: { params: ZTaskParams } }, async (request) =>
    toImportTask(await getTaskOrThrow(ctx.db, actorOf(request), request.params.taskId, IMPORT_TASK)),
  );
}
