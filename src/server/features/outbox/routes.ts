import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../shared/schemas/brands.ts';
import { type TOutboxList, ZOutboxListQuery } from '../../../shared/schemas/outbox.ts';
import { requireAdmin } from '../../http/access.ts';
import { actorOf } from '../../http/authenticate.ts';
import { sendPage } from '../../http/paging.ts';
import type { FeatureContext } from '../context.ts';
import { getOutboxEml, getOutboxMessage, listOutboxMessages } from './outbox-messages.ts';

/** The mail outbox, for administrators only: what was sent, to whom, and what failed. */
export function registerOutboxRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: ctx.auth.requireActor };

  // Anyone but an administrator is refused before the query is looked at: 403 whatever it asks.
  const admin = {
    preValidation: [ctx.auth.requireActor, async (request: FastifyRequest) => requireAdmin(actorOf(request))],
  };

  app.get(
    '/api/admin/outbox',
    { ...admin, schema: { querystring: ZOutboxListQuery } },
    async (request, reply): Promise<TOutboxList> => {
      reply.header('Cache-Control', 'private, no-store');
      const { page, delivery } = await listOutboxMessages(ctx.db, ctx.config, request.query);
      return { delivery, messages: sendPage(request, reply, page) };
    },
  );

  app.get('/api/admin/outbox/:id', { ...signedIn, schema: { params: ZIdParams } }, async (request, reply) => {
    requireAdmin(actorOf(request));
    reply.header('Cache-Control', 'private, no-store');
    return getOutboxMessage(ctx.db, ctx.config, request.params.id);
  });

  app.get('/api/admin/outbox/:id/eml', { ...signedIn, schema: { params: ZIdParams } }, async (request, reply) => {
    requireAdmin(actorOf(request));
    const raw = await getOutboxEml(ctx.db, ctx.config, request.params.id);
    return reply
      .type('message/rfc822')
      .header('Content-Disposition', `attachment; filename="${request.params.id}.eml"`)
      .header('Cache-Control', 'private, no-store')
      .send(raw);
  });
}
