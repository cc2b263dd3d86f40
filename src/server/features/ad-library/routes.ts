import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAdCsvImportFields } from '../../../shared/ad-csv.ts';
import { ZIdParams } from '../../../shared/schemas/brands.ts';
import { ZAdListQuery, ZAdRequest } from '../../../shared/schemas/competitors.ts';
import { actorOf } from '../../http/authenticate.ts';
import { readCsvUpload } from '../../http/read-csv-upload.ts';
import type { FeatureContext } from '../context.ts';
import { createAd } from './create-ad.ts';
import { deleteAd } from './delete-ad.ts';
import { importAdsCsv } from './import-ads-csv.ts';
import { listAds } from './list-ads.ts';
import { updateAd } from './update-ad.ts';

/** An import carries up to 20 MB and is worked in the request: limited per client. */
const heavyWork = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export function registerAdLibraryRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: ctx.auth.requireActor };

  app.get('/api/ad-library', { ...signedIn, schema: { querystring: ZAdListQuery } }, async (request) =>
    listAds(ctx, { actor: actorOf(request), ...request.query }),
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
