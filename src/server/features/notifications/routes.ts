import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZUpdateNotificationSettingsRequest } from '../../../shared/schemas/notifications.ts';
import { actorOf } from '../../http/authenticate.ts';
import type { FeatureContext } from '../context.ts';
import { readNotificationSettings, updateNotificationSettings } from './notification-settings.ts';
import { unsubscribe } from './unsubscribe.ts';
import { confirmUnsubscribePage, invalidUnsubscribeLinkPage, unsubscribedPage } from './unsubscribe-pages.ts';
import { readUnsubscribeToken } from './unsubscribe-token.ts';

/** Any query string: a missing or odd token is answered by the page, not by a JSON error. */
const ZUnsubscribeQuery = z.object({ token: z.unknown().optional() });
const unsubscribeRateLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
}

export function registerNotificationRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: ctx.auth.requireActor };

  app.get('/api/notification-settings', signedIn, async (request) =>
    readNotificationSettings(ctx.db, actorOf(request)),
  );

  app.put(
    '/api/notification-settings',
    { ...signedIn, schema: { body: ZUpdateNotificationSettingsRequest } },
    async (request) => updateNotificationSettings(ctx.db, { actor: actorOf(request), input: request.body }),
  );

  // The link in every notification e-mail: it works without signing in, on the token alone.
  app.get(
    '/api/notifications/unsubscribe',
    { config: unsubscribeRateLimit, schema: { querystring: ZUnsubscribeQuery } },
    async (request, reply) => {
      const target = readUnsubscribeToken(ctx.config.sessionSecret, request.query.token);
      if (!target) return sendPage(reply, 400, invalidUnsubscribeLinkPage);
      return sendPage(reply, 200, confirmUnsubscribePage(target.kind, request.query.token as string));
    },
  );

  // The confirmation page's form (and a mail app's one-click unsubscribe): the token is in the address.
  app.post(
    '/api/notifications/unsubscribe',
    { config: { ...unsubscribeRateLimit, bodyType: 'form' }, schema: { querystring: ZUnsubscribeQuery } },
    async (request, reply) => {
      const target = readUnsubscribeToken(ctx.config.sessionSecret, request.query.token);
      if (!target) return sendPage(reply, 400, invalidUnsubscribeLinkPage);
      await unsubscribe(ctx.db, target);
      return sendPage(reply, 200, unsubscribedPage(target.kind));
    },
  );
}
