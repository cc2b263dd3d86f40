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
  const update = { ...signedIn, schema: { params: ZMentionSourceParams, body: ZUpdateMentionSourceRequest } };
  const brand = (id: string): SubjectRef => ({ type: 'brand', id });
  const competitor = (id: string): SubjectRef => ({ type: 'competitor', id });

  app.get('/api/brands/:id/mention-sources', { ...signedIn, schema: { params: ZIdParams } }, async (request) =>
    listMentionSources(ctx, actorOf(request), brand(request.params.id)),
  );
  app.put('/api/brands/:id/mention-sources/:kind', update, async (request) =>
    updateMentionSource(ctx, actorOf(request), brand(request.params.id), request.params.kind, request.body),
  );
  app.get('/api/competitors/:id/mention-sources', { ...signedIn, schema: { params: ZIdParams } }, async (request) =>
    listMentionSources(ctx, actorOf(request), competitor(request.params.id)),
  );
  app.put('/api/competitors/:id/mention-sources/:kind', update, async (request) =>
    updateMentionSource(ctx, actorOf(request), competitor(request.params.id), request.params.kind, request.body),
  );
}
