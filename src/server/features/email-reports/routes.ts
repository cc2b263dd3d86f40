import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParams } from '../../../shared/schemas/brands.ts';
import { ZEmailReportRequest } from '../../../shared/schemas/email-reports.ts';
import { actorOf } from '../../http/authenticate.ts';
import type { FeatureContext } from '../context.ts';
import { createEmailReport } from './create-email-report.ts';
import { deleteEmailReport } from './delete-email-report.ts';
import { listEmailReports } from './list-email-reports.ts';
import { updateEmailReport } from './update-email-report.ts';

export function registerEmailReportRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: ctx.auth.requireActor };

  app.get('/api/email-reports', signedIn, async (request) => listEmailReports(ctx, { actor: actorOf(request) }));

  app.post('/api/email-reports', { ...signedIn, schema: { body: ZEmailReportRequest } }, async (request, reply) => {
    const report = await createEmailReport(ctx, { actor: actorOf(request), input: request.body });
    return reply.status(201).send(report);
  });

  app.put(
    '/api/email-reports/:id',
    { ...signedIn, schema: { params: ZIdParams, body: ZEmailReportRequest } },
    async (request) =>
      updateEmailReport(ctx, { actor: actorOf(request), reportId: request.params.id, input: request.body }),
  );

  app.delete('/api/email-reports/:id', { ...signedIn, schema: { params: ZIdParams } }, async (request) =>
    deleteEmailReport(ctx, { actor: actorOf(request), reportId: request.params.id }),
  );
}
