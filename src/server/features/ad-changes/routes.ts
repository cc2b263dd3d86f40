import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../shared/schemas/brands.ts';
import { actorOf } from '../../http/authenticate.ts';
import type { FeatureContext } from '../context.ts';
import { checkAdChangesNow, listBrandAdChanges } from './check-ad-changes.ts';

export function registerAdChangesRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: ctx.auth.requireActor };

  /** Each of the brand's competitors with its latest "What changed". */
  app.get('/api/brands/:id/ad-changes', { ...signedIn, schema: { params: ZIdParams } }, async (request) =>
    listBrandAdChanges(ctx, { actor: actorOf(request), input: { brandId: request.params.id } }),
  );

  /** "Check what changed": compares the competitor's ads now, since its previous comparison. */
  app.post('/api/competitors/:id/ad-changes', { ...signedIn, schema: { params: ZIdParams } }, async (request, reply) =>
    reply
      .status(201)
      .send(await checkAdChangesNow(ctx, { actor: actorOf(request), input: { competitorId: request.params.id } })),
  );
}
