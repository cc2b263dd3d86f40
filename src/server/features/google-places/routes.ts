import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../shared/schemas/brands.ts';
import { ZChooseGooglePlaceRequest, ZGooglePlaceSearchQuery } from '../../../shared/schemas/google-places.ts';
import { actorOf } from '../../http/authenticate.ts';
import type { FeatureContext } from '../context.ts';
import { chooseGooglePlace, clearGooglePlace, getBrandGooglePlace, searchGooglePlaces } from './brand-google-place.ts';

/** The place picker of a brand's Google reviews: search (stores nothing), the chosen place, choose, clear. */
export function registerGooglePlaceRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: ctx.auth.requireActor };

  app.get(
    '/api/brands/:id/google-places',
    // Each search is billed to the server's Google key: a person picking a place needs few.
    {
      ...signedIn,
      schema: {
        summary: "Search Google places by text to choose a brand's place for Google reviews (stores nothing)",
        params: ZIdParams,
        querystring: ZGooglePlaceSearchQuery,
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) =>
      searchGooglePlaces(ctx, { actor: actorOf(request), brandId: request.params.id, query: request.query.query }),
  );

  app.get(
    '/api/brands/:id/google-place',
    {
      ...signedIn,
      schema: {
        summary: "The brand's chosen Google place, if any, and whether Google reviews are available",
        params: ZIdParams,
      },
    },
    async (request) => getBrandGooglePlace(ctx, { actor: actorOf(request), brandId: request.params.id }),
  );

  app.put(
    '/api/brands/:id/google-place',
    {
      ...signedIn,
      schema: {
        summary: "Choose the brand's Google place (checked with Google); its reviews are read from then on",
        params: ZIdParams,
        body: ZChooseGooglePlaceRequest,
      },
    },
    async (request) =>
      chooseGooglePlace(ctx, { actor: actorOf(request), brandId: request.params.id, placeId: request.body.placeId }),
  );

  app.delete(
    '/api/brands/:id/google-place',
    {
      ...signedIn,
      schema: { summary: "Clear the brand's Google place (Google reviews are no longer read)", params: ZIdParams },
    },
    async (request, reply) => {
      await clearGooglePlace(ctx, { actor: actorOf(request), brandId: request.params.id });
      return reply.status(204).send();
    },
  );
}
