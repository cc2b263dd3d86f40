import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../shared/schemas/brands.ts';
import {
  ZBrandIdQuery,
  ZChooseFacebookPageRequest,
  ZCreateCompetitorRequest,
  ZUpdateCompetitorRequest,
} from '../../../shared/schemas/competitors.ts';
import { actorOf } from '../../http/authenticate.ts';
import type { FeatureContext } from '../context.ts';
import { chooseFacebookPage } from './choose-facebook-page.ts';
import { createCompetitor } from './create-competitor.ts';
import { deleteCompetitor } from './delete-competitor.ts';
import { listCompetitors } from './list-competitors.ts';
import { trackOwnBrandAds } from './own-brand-row.ts';
import { trackingSummary } from './tracking-summary.ts';
import { updateCompetitor } from './update-competitor.ts';

export function registerCompetitorRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: ctx.auth.requireActor };

  app.get('/api/competitors', { ...signedIn, schema: { querystring: ZBrandIdQuery } }, async (request) =>
    listCompetitors(ctx, { actor: actorOf(request), brandId: request.query.brandId }),
  );

  app.post('/api/competitors', { ...signedIn, schema: { body: ZCreateCompetitorRequest } }, async (request, reply) => {
    const competitor = await createCompetitor(ctx, { actor: actorOf(request), input: request.body });
    return reply.status(201).send(competitor);
  });

  app.put(
    '/api/competitors/:id',
    { ...signedIn, schema: { params: ZIdParams, body: ZUpdateCompetitorRequest } },
    async (request) =>
      updateCompetitor(ctx, { actor: actorOf(request), competitorId: request.params.id, input: request.body }),
  );

  app.put(
    '/api/competitors/:id/facebook-page',
    { ...signedIn, schema: { params: ZIdParams, body: ZChooseFacebookPageRequest } },
    async (request) =>
      chooseFacebookPage(ctx, { actor: actorOf(request), competitorId: request.params.id, input: request.body }),
  );

  /** The brand's own row, so its own Facebook page's ads are shown beside its competitors'. */
  app.post('/api/brands/:id/own-ads', { ...signedIn, schema: { params: ZIdParams } }, async (request, reply) => {
    const { created, row } = await trackOwnBrandAds(ctx, { actor: actorOf(request), brandId: request.params.id });
    return reply.status(created ? 201 : 200).send(row);
  });

  app.delete('/api/competitors/:id', { ...signedIn, schema: { params: ZIdParams } }, async (request) =>
    deleteCompetitor(ctx, { actor: actorOf(request), competitorId: request.params.id }),
  );

  app.get(
    '/api/competitor-tracking/summary',
    { ...signedIn, schema: { querystring: ZBrandIdQuery } },
    async (request) => trackingSummary(ctx, { actor: actorOf(request), brandId: request.query.brandId }),
  );
}
