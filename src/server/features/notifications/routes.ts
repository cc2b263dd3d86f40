import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams } from '../../../shared/schemas/brands.ts';
import {
  type TNotificationList,
  ZNotificationListQuery,
  ZUpdateNotificationSettingsRequest,
} from '../../../shared/schemas/notifications.ts';
import { actorOf } from '../../http/authenticate.ts';
import { sendPage } from '../../http/paging.ts';
import type { FeatureContext } from '../context.ts';
import { listNotifications } from './list-notifications.ts';
import { markAllNotificationsRead } from './mark-all-notifications-read.ts';
import { markNotificationRead } from './mark-notification-read.ts';
import { readNotificationSettings, updateNotificationSettings } from './notification-settings.ts';
import { unsubscribe } from './unsubscribe.ts';
import { confirmUnsubscribePage, invalidUnsubscribeLinkPage, unsubscribedPage } from './unsubscribe-pages.ts';
import { readUnsubscribeToken } from './unsubscribe-token.ts';

/** Any query string: a missing or odd token is answered by the page, not by a JSON error. */
const ZUnsubscribeQuery = z.object({ token: z.unknown().optional() });
const unsubscribeRateLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

function sendHtml(reply: FastifyReply, status: number, html: string) {
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

  // The header's bell: finished long work, read state per person.
  app.get(
    '/api/notifications',
    { ...signedIn, schema: { querystring: ZNotificationListQuery } },
    async (request, reply): Promise<TNotificationList> => {
      const { page, unreadCount } = await listNotifications(ctx.db, { actor: actorOf(request), input: request.query });
      return { notifications: sendPage(request, reply, page), unreadCount };
    },
  );

  app.post('/api/notifications/read-all', signedIn, async (request, reply) => {
    await markAllNotificationsRead(ctx.db, { actor: actorOf(request) });
    return reply.status(204).send();
  });

  app.post('/api/notifications/:id/read', { ...signedIn, schema: { params: ZIdParams } }, async (request, reply) => {
    await markNotificationRead(ctx.db, { actor: actorOf(request), input: { id: request.params.id } });
    return reply.status(204).send();
  });

  // The link in every notification e-mail: it works without signing in, on the token alone.
  app.get(
    '/api/notifications/unsubscribe',
    { config: unsubscribeRateLimit, schema: { querystring: ZUnsubscribeQuery } },
    async (request, reply) => {
      const target = readUnsubscribeToken(ctx.config.sessionSecret, request.query.token);
      if (!target) return sendHtml(reply, 400, invalidUnsubscribeLinkPage);
      return sendHtml(reply, 200, confirmUnsubscribePage(target.kind, request.query.token as string));
    },
  );

  // The confirmation page's form (and a mail app's one-click unsubscribe): the token is in the address.
  app.post(
    '/api/notifications/unsubscribe',
    { config: { ...unsubscribeRateLimit, bodyType: 'form' }, schema: { querystring: ZUnsubscribeQuery } },
    async (request, reply) => {
      const target = readUnsubscribeToken(ctx.config.sessionSecret, request.query.token);
      if (!target) return sendHtml(reply, 400, invalidUnsubscribeLinkPage);
      await unsubscribe(ctx.db, target);
      return sendHtml(reply, 200, unsubscribedPage(target.kind));
    },
  );
}
