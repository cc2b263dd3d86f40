import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../shared/schemas/brands.ts';
import { ZMentionSourceParams, ZUpdateMentionSourceRequest } from '../../../shared/schemas/mention-sources.ts';
import { actorOf } from '../../http/authenticate.ts';
import type { FeatureContext } from '../context.ts';
import { listMentionSources, type SubjectRef, updateMentionSource } from './mention-source-settings.ts';

/** The listening sources of a brand and of each competitor: settings and health (Sources card). */
export function registerMentionSourceRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: ctx.auth.requireActor };
  for (const type of ['brand', 'competitor'] as const) {
    const base = type === 'brand' ? '/api/brands/:id/mention-sources' : '/api/competitors/:id/mention-sources';
    app.get(base, { ...signedIn, schema: { params: ZIdParams } }, async (request) =>
      listMentionSources(ctx, actorOf(request), { type, id: request.params.id } satisfies SubjectRef),
    );
    app.put(
      `${base}/:kind`,
      { ...signedIn, schema: { params: ZMentionSourceParams, body: ZUpdateMentionSourceRequest } },
      async (request) =>
        updateMentionSource(ctx, actorOf(request), { type, id: request.params.id }, request.params.kind, request.body),
    );
  }
}
