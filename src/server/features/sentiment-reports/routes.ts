import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZConsumerInsightsPdfRequest,
  ZCreateSentimentReportRequest,
  ZEmailConsumerInsightsRequest,
  ZSentimentReportListQuery,
  ZSentimentReportPdfRequest,
} from '../../../shared/schemas/sentiment-reports.ts';
import { getBrandOrThrow } from '../../http/access.ts';
import { actorOf } from '../../http/authenticate.ts';
import { sendPage } from '../../http/paging.ts';
import { sendPdf } from '../audit-reports/routes.ts';
import type { FeatureContext } from '../context.ts';
import { emailConsumerInsights } from './email-consumer-insights.ts';
import { generateSentimentReport } from './generate-sentiment-report.ts';
import { getSentimentReportOrThrow } from './get-sentiment-report-or-throw.ts';
import { listSentimentReports } from './list-sentiment-reports.ts';
import { renderConsumerInsightsPdf, renderSentimentReportPdf } from './report-pdfs.ts';

/** Reading and downloading what is stored is open on every plan; generating and e-mailing are not. */
export function registerSentimentReportRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: ctx.auth.requireActor };

  app.get(
    '/api/sentiment-reports',
    { ...signedIn, schema: { querystring: ZSentimentReportListQuery } },
    async (request, reply) =>
      sendPage(request, reply, await listSentimentReports(ctx, { actor: actorOf(request), input: request.query })),
  );

  app.post(
    '/api/sentiment-reports',
    { ...signedIn, schema: { body: ZCreateSentimentReportRequest } },
    async (request, reply) => {
      const report = await generateSentimentReport(ctx, { actor: actorOf(request), input: request.body });
      return reply.status(201).send(report);
    },
  );

  app.post(
    '/api/sentiment-reports/pdf',
    { ...signedIn, schema: { body: ZSentimentReportPdfRequest } },
    async (request, reply) => {
      const { brandId, reportId } = request.body;
      const { report } = await getSentimentReportOrThrow(ctx.db, actorOf(request), reportId, brandId);
      const { pdf, fileName } = await renderSentimentReportPdf(ctx.db, report.id, { uploads: ctx.uploads });
      return sendPdf(reply, pdf, fileName);
    },
  );

  app.post(
    '/api/consumer-insights/pdf',
    { ...signedIn, schema: { body: ZConsumerInsightsPdfRequest } },
    async (request, reply) => {
      const brand = await getBrandOrThrow(ctx.db, actorOf(request), request.body.brandId);
      const { pdf, fileName } = await renderConsumerInsightsPdf(ctx.db, brand.id, { uploads: ctx.uploads });
      return sendPdf(reply, pdf, fileName);
    },
  );

  app.post(
    '/api/consumer-insights/email',
    { ...signedIn, schema: { body: ZEmailConsumerInsightsRequest } },
    async (request, reply) => {
      const queued = await emailConsumerInsights(ctx, { actor: actorOf(request), input: request.body });
      return reply.status(202).send(queued);
    },
  );
}
