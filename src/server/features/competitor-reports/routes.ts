import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCompetitivePdfRequest,
  ZCompetitorReportListQuery,
  ZCreateCompetitorReportRequest,
  ZEmailCompetitiveAnalysisRequest,
} from '../../../shared/schemas/competitor-reports.ts';
import { actorOf } from '../../http/authenticate.ts';
import { sendPage } from '../../http/paging.ts';
import { sendPdf } from '../audit-reports/routes.ts';
import type { FeatureContext } from '../context.ts';
import { emailCompetitiveAnalysis } from './email-competitive-analysis.ts';
import { generateCompetitorReport } from './generate-competitor-report.ts';
import {
  getCompetitorReportOrThrow,
  latestCompetitorReportOrThrow,
  listCompetitorReports,
} from './list-competitor-reports.ts';
import { renderCompetitiveReportPdf } from './report-pdf.ts';

export function registerCompetitorReportRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: ctx.auth.requireActor };

  app.get(
    '/api/competitor-reports',
    { ...signedIn, schema: { querystring: ZCompetitorReportListQuery } },
    async (request, reply) =>
      sendPage(request, reply, await listCompetitorReports(ctx, { actor: actorOf(request), input: request.query })),
  );

  app.post(
    '/api/competitor-reports',
    { ...signedIn, schema: { body: ZCreateCompetitorReportRequest } },
    async (request, reply) => {
      const report = await generateCompetitorReport(ctx, { actor: actorOf(request), input: request.body });
      return reply.status(201).send(report);
    },
  );

  app.post(
    '/api/competitors/pdf',
    { ...signedIn, schema: { body: ZCompetitivePdfRequest } },
    async (request, reply) => {
      const actor = actorOf(request);
      const { brandId, reportId } = request.body;
      const { report } = reportId
        ? await getCompetitorReportOrThrow(ctx.db, actor, reportId, brandId)
        : await latestCompetitorReportOrThrow(ctx.db, actor, brandId);
      const { pdf, fileName } = await renderCompetitiveReportPdf(ctx.db, report.id, { uploads: ctx.uploads });
      return sendPdf(reply, pdf, fileName);
    },
  );

  app.post(
    '/api/email-competitive-analysis',
    { ...signedIn, schema: { body: ZEmailCompetitiveAnalysisRequest } },
    async (request, reply) => {
      const queued = await emailCompetitiveAnalysis(ctx, { actor: actorOf(request), input: request.body });
      return reply.status(202).send(queued);
    },
  );
}
