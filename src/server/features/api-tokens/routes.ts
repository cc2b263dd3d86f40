import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZCreateApiTokenRequest } from '../../../shared/schemas/api-tokens.ts';
import { ZIdParams } from '../../../shared/schemas/brands.ts';
import { actorOf } from '../../http/authenticate.ts';
import type { FeatureContext } from '../context.ts';
import { createApiToken } from './create-api-token.ts';
import { listApiTokens } from './list-api-tokens.ts';
import { revokeApiToken } from './revoke-api-token.ts';

/** Token management is for a signed-in person only: a token can never make or revoke tokens. */
export function registerApiTokenRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const ownerOnly = { preHandler: ctx.auth.requireActor, config: { sessionOnly: true } };

  app.get(
    '/api/api-tokens',
    { ...ownerOnly, schema: { summary: 'List your API tokens (never their secrets)' } },
    async (request) => listApiTokens(ctx, { actor: actorOf(request) }),
  );

  app.post(
    '/api/api-tokens',
    { ...ownerOnly, schema: { summary: 'Create an API token (shown once)', body: ZCreateApiTokenRequest } },
    async (request, reply) => {
      const created = await createApiToken(ctx, { actor: actorOf(request), input: request.body });
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/api/api-tokens/:id',
    { ...ownerOnly, schema: { summary: 'Revoke an API token', params: ZIdParams } },
    async (request) => revokeApiToken(ctx, { actor: actorOf(request), tokenId: request.params.id }),
  );
}
