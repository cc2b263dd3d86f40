import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../shared/schemas/brands.ts';
import {
  type TSupportMessageList,
  ZSupportContactRequest,
  ZSupportMessageListQuery,
  ZUpdateSupportStatusRequest,
} from '../../../shared/schemas/support.ts';
import { requireAdmin } from '../../http/access.ts';
import { actorOf } from '../../http/authenticate.ts';
import { sendPage } from '../../http/paging.ts';
import type { FeatureContext } from '../context.ts';
import { contactRateLimit } from './contact-rate-limit.ts';
import { createSupportMessage } from './create-support-message.ts';
import { listSupportMessages } from './list-support-messages.ts';
import { updateSupportStatus } from './update-support-status.ts';

/** A longest message (10,000 characters, each up to 4 bytes) with its other fields fits; more is 413. */
const CONTACT_BODY_LIMIT = 64 * 1024;

/** The contact form (signed-in users) and the administrators' support inbox. */
export function registerSupportRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const limitContact = contactRateLimit(parent);

  app.post(
    '/api/support/contact',
    {
      bodyLimit: CONTACT_BODY_LIMIT,
      // Signed out is 401 before the body is looked at; the limits count only valid messages.
      preValidation: ctx.auth.requireActor,
      preHandler: limitContact,
      schema: { body: ZSupportContactRequest },
    },
    async (request, reply) => {
      const created = await createSupportMessage(ctx, { actor: actorOf(request), input: request.body });
      return reply.status(201).send(created);
    },
  );

  // Anyone but an administrator is refused before the request is looked at: 403 whatever it asks.
  const admin = {
    preValidation: [ctx.auth.requireActor, async (request: FastifyRequest) => requireAdmin(actorOf(request))],
  };

  app.get(
    '/api/admin/support-messages',
    { ...admin, schema: { querystring: ZSupportMessageListQuery } },
    async (request, reply): Promise<TSupportMessageList> => {
      reply.header('Cache-Control', 'private, no-store');
      const { page, mailDelivery } = await listSupportMessages(ctx.db, ctx.config, request.query);
      return { messages: sendPage(request, reply, page), truncated: page.nextKey !== null, mailDelivery };
    },
  );

  app.patch(
    '/api/admin/support-messages/:id',
    { ...admin, schema: { params: ZIdParams, body: ZUpdateSupportStatusRequest } },
    async (request) => updateSupportStatus(ctx.db, { messageId: request.params.id, status: request.body.status }),
  );
}
