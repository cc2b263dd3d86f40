import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAdCsvImportFields } from '../../../shared/ad-csv.ts';
import { ZAdExportQuery, ZAdFeedFilters, ZAdFeedSummary, ZAdListQuery } from '../../../shared/schemas/ad-feed.ts';
import { ZIdParams } from '../../../shared/schemas/brands.ts';
import { ZAd, ZAdRequest } from '../../../shared/schemas/competitors.ts';
import { actorOf } from '../../http/authenticate.ts';
import { attachmentDisposition, CSV_CONTENT_TYPE } from '../../http/csv-writer.ts';
import { sendPage } from '../../http/paging.ts';
import { readCsvUpload } from '../../http/read-csv-upload.ts';
import type { FeatureContext } from '../context.ts';
import { createAd } from './create-ad.ts';
import { deleteAd } from './delete-ad.ts';
import { exportAdsCsv } from './export-ads-csv.ts';
import { importAdsCsv } from './import-ads-csv.ts';
import { listAds } from './list-ads.ts';
import { summariseAds } from './summarise-ads.ts';
import { updateAd } from './update-ad.ts';

/**
 * An import carries up to 20 MB and is worked in the request, an export reads the whole filtered
 * library: both limited per client.
 */
const heavyWork = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export function registerAdLibraryRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: ctx.auth.requireActor };

  /** A page of the library: the body is the array of ads; X-Total-Count and Link rel="next" travel in headers. */
  app.get(
    '/api/ad-library',
    { ...signedIn, schema: { querystring: ZAdListQuery, pageItem: ZAd } },
    async (request, reply) =>
      sendPage(request, reply, await listAds(ctx, { actor: actorOf(request), query: request.query })),
  );

  app.get(
    '/api/ad-library/summary',
    { ...signedIn, schema: { querystring: ZAdFeedFilters, response: { 200: ZAdFeedSummary } } },
    async (request) => summariseAds(ctx, { actor: actorOf(request), filters: request.query }),
  );

  app.get(
    '/api/ad-library/export.csv',
    { ...signedIn, schema: { querystring: ZAdExportQuery, produces: ['text/csv'] }, config: heavyWork },
    async (request, reply) => {
      const { fileName, lines } = await exportAdsCsv(ctx, { actor: actorOf(request), query: request.query });
      return reply
        .header('content-type', CSV_CONTENT_TYPE)
        .header('content-disposition', attachmentDisposition(fileName))
        .header('cache-control', 'no-store')
        .send(Readable.from(lines, { objectMode: false }));
    },
  );

  app.post('/api/ad-library', { ...signedIn, schema: { body: ZAdRequest } }, async (request, reply) => {
    const ad = await createAd(ctx, { actor: actorOf(request), input: request.body });
    return reply.status(201).send(ad);
  });

  app.put('/api/ad-library/:id', { ...signedIn, schema: { params: ZIdParams, body: ZAdRequest } }, async (request) =>
    updateAd(ctx, { actor: actorOf(request), adId: request.params.id, input: request.body }),
  );

  app.delete('/api/ad-library/:id', { ...signedIn, schema: { params: ZIdParams } }, async (request) =>
    deleteAd(ctx, { actor: actorOf(request), adId: request.params.id }),
  );

  app.post(
    '/api/ad-library/import',
    { ...signedIn, config: { bodyType: 'multipart', ...heavyWork } },
    async (request) => {
      const { fields, file } = await readCsvUpload(request, ZAdCsvImportFields, 'brandId and mapping');
      return importAdsCsv(ctx, {
        actor: actorOf(request),
        input: { fields, fileName: file.name, bytes: file.bytes },
      });
    },
  );
}
