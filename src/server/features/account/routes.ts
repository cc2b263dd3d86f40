import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountDeletedMessage, ZDeleteAccountRequest } from '../../../shared/schemas/account.ts';
import { ZIdParams } from '../../../shared/schemas/brands.ts';
import { actorOf } from '../../http/authenticate.ts';
import { SESSION_COOKIE } from '../../http/session.ts';
import type { FeatureContext } from '../context.ts';
import { getLatestAccountExport, openAccountExportDownload, startAccountExport } from './account-exports.ts';
import { deleteAccount } from './delete-account.ts';

/** Deletion may call the payment provider; an export reads everything: both are rare by nature. */
const rare = { rateLimit: { max: 30, timeWindow: '1 hour' } };

/** The account itself: deleting it (erasure) and downloading everything it holds (access). */
export function registerAccountRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: ctx.auth.requireActor };

  app.delete(
    '/api/account',
    { ...signedIn, config: rare, schema: { body: ZDeleteAccountRequest } },
    async (request, reply) => {
      await deleteAccount(ctx, { actor: actorOf(request) });
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: accountDeletedMessage };
    },
  );

  app.get('/api/account/export', signedIn, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    return getLatestAccountExport(ctx, actorOf(request));
  });

  app.post('/api/account/export', { ...signedIn, config: rare }, async (request, reply) => {
    const started = await startAccountExport(ctx, actorOf(request));
    return reply.status(202).send({ export: started });
  });

  app.get(
    '/api/account/export/:id/download',
    { ...signedIn, schema: { params: ZIdParams } },
    async (request, reply) => {
      const download = await openAccountExportDownload(ctx, actorOf(request), request.params.id);
      reply
        .type('application/zip')
        .header('Content-Disposition', `attachment; filename="${download.fileName}"`)
        .header('Cache-Control', 'private, no-store');
      if (download.sizeBytes !== null) reply.header('Content-Length', String(download.sizeBytes));
      return reply.send(download.stream);
    },
  );
}
