import { and, desc, eq, inArray, like } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../shared/schemas/brands.ts';
import {
  MAX_CSV_BYTES,
  type TActiveDiscovery,
  ZCreateInsightSourceRequest,
  ZCsvImportFields,
  ZDiscoverCompetitorInsightsRequest,
  ZDiscoverInsightsRequest,
  ZInsightSourceParams,
  ZTaskParams,
} from '../../../shared/schemas/insight-sources.ts';
import { taskProgress } from '../../db/schema/index.ts';
import { actorOf } from '../../http/authenticate.ts';
import { AppError } from '../../http/errors.ts';
import { getCompetitorOrThrow } from '../competitors/get-competitor-or-throw.ts';
import type { FeatureContext } from '../context.ts';
import { getTaskOrThrow } from '../tasks/task-progress.ts';
import { addInsightSource } from './add-insight-source.ts';
import { deleteInsightSource } from './delete-insight-source.ts';
import { listInsightSources } from './list-insight-sources.ts';
import {
  COMPETITOR_DISCOVERY_KIND,
  DISCOVERY_KIND,
  IMPORT_KIND,
  toCompetitorDiscoveryTask,
  toDiscoveryTask,
  toImportTask,
} from './source-dtos.ts';
import { startCompetitorDiscovery } from './start-competitor-discovery.ts';
import { startCsvImport } from './start-csv-import.ts';
import { startDiscovery } from './start-discovery.ts';

/** Adding a source fetches it, and an import carries up to 20 MB: both are limited per client. */
const outboundWork = { rateLimit: { max: 30, timeWindow: '1 minute' } };

const CSV_TOO_LARGE = 'The file is larger than 20 MB. Split it into smaller files and import each.';
const notMultipartCsv = () =>
  new AppError(
    'validation',
    "Send the CSV file as multipart/form-data in a part named 'file', after brandId and mapping",
  );

/** The form fields and the one file of a CSV import, read whole (at most 20 MB). */
async function readCsvUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw notMultipartCsv();
  const fields: Record<string, string> = {};
  let file: { name: string; bytes: Buffer } | null = null;
  try {
    // The parser stops one byte past the limit, so an oversized file always arrives longer than it.
    for await (const part of request.parts({ limits: { fileSize: MAX_CSV_BYTES + 1, files: 1, fields: 10 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== 'file') continue;
        if (part.file.truncated || bytes.length > MAX_CSV_BYTES) throw new AppError('validation', CSV_TOO_LARGE);
        file = { name: part.filename || 'import.csv', bytes };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('validation', CSV_TOO_LARGE);
    request.log.info({ err: error }, 'unreadable CSV upload');
    throw new AppError('validation', 'The upload could not be read. Please try again.');
  }
  if (!file) throw notMultipartCsv();
  return { fields: ZCsvImportFields.parse(fields), file };
}

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
      const task = await getTaskOrThrow(ctx.db, actor, request.params.taskId, COMPETITOR_DISCOVERY_KIND);
      const competitor = await getCompetitorOrThrow(ctx.db, actor, task.subjectId ?? '');
      return toCompetitorDiscoveryTask(task, competitor.name);
    },
  );

  /** The user's own discovery still queued or running (of any kind): one at a time per user. */
  app.get('/api/consumer-insights/discoveries/active', signedIn, async (request): Promise<TActiveDiscovery> => {
    const actor = actorOf(request);
    const [task] = await ctx.db
      .select()
      .from(taskProgress)
      .where(
        and(
          eq(taskProgress.userId, actor.user.id),
          like(taskProgress.kind, 'discovery:%'),
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
      toDiscoveryTask(await getTaskOrThrow(ctx.db, actorOf(request), request.params.taskId, DISCOVERY_KIND)),
  );

  app.post(
    '/api/consumer-insights/import',
    { ...signedIn, config: { bodyType: 'multipart', ...outboundWork } },
    async (request, reply) => {
      const { fields, file } = await readCsvUpload(request);
      const task = await startCsvImport(ctx, {
        actor: actorOf(request),
        input: { fields, fileName: file.name, bytes: file.bytes },
      });
      return reply.status(202).send(task);
    },
  );

  app.get('/api/consumer-insights/imports/:taskId', { ...signedIn, schema: { params: ZTaskParams } }, async (request) =>
    toImportTask(await getTaskOrThrow(ctx.db, actorOf(request), request.params.taskId, IMPORT_KIND)),
  );
}
