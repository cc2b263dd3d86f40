import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZUpdateProfileRequest } from '../../../shared/schemas/profile.ts';
import { actorOf } from '../../http/authenticate.ts';
import type { FeatureContext } from '../context.ts';
import { updateProfile } from './update-profile.ts';

export function registerProfileRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.patch(
    '/api/profile',
    { preHandler: ctx.auth.requireActor, schema: { body: ZUpdateProfileRequest } },
    async (request) => updateProfile(ctx, { actor: actorOf(request), input: request.body }),
  );
}
