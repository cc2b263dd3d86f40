import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParams } from '../../../shared/schemas/brands.ts';
import { ZSendEmailReportRequest } from '../../../shared/schemas/email-reports.ts';
import { actorOf } from '../../http/authenticate.ts';
import type { FeatureContext } from '../context.ts';
import { optOut, readOptOutToken, reportNameOf } from './opt-out.ts';
import { confirmOptOutPage, invalidOptOutLinkPage, optedOutPage } from './opt-out-pages.ts';
import { sendReportPreview } from './send-preview.ts';
import { sendReportToRecipients } from './send-to-recipients.ts';

/** Any query string: a missing or odd token is answered by the page, not by a JSON error. */
const ZOptOutQuery = z.object({ token: z.unknown().optional() });
const optOutRateLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };
/** A send or a preview renders every PDF of the report: a few a minute is plenty for a person pressing a button. */
const sendRateLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/** Sending side of scheduled reports: 'Send to recipients now', 'Send me a preview', and the recipients' unsubscribe link. */
export function registerEmailReportSendRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/email-reports/:id/send',
    {
      preHandler: ctx.auth.requireActor,
      config: sendRateLimit,
      schema: { params: ZIdParams, body: ZSendEmailReportRequest },
    },
    async (request, reply) => {
      const deps = { db: ctx.db, queue: ctx.queue, config: ctx.config, logger: request.log };
      const sent = await sendReportToRecipients(deps, {
        actor: actorOf(request),
        reportId: request.params.id,
        requestId: request.body.requestId,
      });
      return reply.status(202).send(sent);
    },
  );

  app.post(
    '/api/email-reports/:id/preview',
    { preHandler: ctx.auth.requireActor, config: sendRateLimit, schema: { params: ZIdParams } },
    async (request, reply) => {
      const preview = await sendReportPreview(ctx, { actor: actorOf(request), reportId: request.params.id });
      return reply.status(202).send(preview);
    },
  );

  // The link in an external recipient's copy: it works without signing in, on the token alone.
  app.get(
    '/api/email-reports/unsubscribe',
    { config: optOutRateLimit, schema: { querystring: ZOptOutQuery } },
    async (request, reply) => {
      const target = readOptOutToken(ctx.config.sessionSecret, request.query.token);
      if (!target) return sendPage(reply, 400, invalidOptOutLinkPage);
      const reportName = await reportNameOf(ctx.db, target.reportId);
      if (!reportName) return sendPage(reply, 200, optedOutPage(null, target.email));
      return sendPage(reply, 200, confirmOptOutPage(reportName, target.email, request.query.token as string));
    },
  );

  // The confirmation page's form, and a mail app's one-click unsubscribe (RFC 8058): the token is in the address.
  app.post(
    '/api/email-reports/unsubscribe',
    { config: { ...optOutRateLimit, bodyType: 'form' }, schema: { querystring: ZOptOutQuery } },
    async (request, reply) => {
      const target = readOptOutToken(ctx.config.sessionSecret, request.query.token);
      if (!target) return sendPage(reply, 400, invalidOptOutLinkPage);
      const { reportName } = await optOut(ctx.db, target);
      return sendPage(reply, 200, optedOutPage(reportName, target.email));
    },
  );
}
