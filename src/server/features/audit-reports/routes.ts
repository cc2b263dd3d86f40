import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZShareAuditRequest, ZShareTokenParams } from '../../../shared/schemas/audits.ts';
import { ZIdParams } from '../../../shared/schemas/brands.ts';
import { actorOf } from '../../http/authenticate.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { pdfDocumentFileName } from '../../pdf/file-name.ts';
import { loadAuditReportRenderer } from '../../pdf/load-renderers.ts';
import type { renderAuditReportPdf } from '../../pdf/render-audit-report.tsx';
import { toAuditDetail } from '../audits/audit-dto.ts';
import { getAuditOrThrow } from '../audits/get-audit-or-throw.ts';
import type { FeatureContext } from '../context.ts';
import { sniffFileType } from '../uploads/sniff-file-type.ts';
import { loadReportBranding } from './report-branding.ts';
import { shareAudit, stopSharingAudit } from './share-audit.ts';
import { findSharedAudit, getSharedReport, takeSharedDownload } from './shared-report.ts';

/** The audit report's name, the same for its download, its shared link and the e-mails that attach it. */
export const auditPdfFileName = (brandName: string, audit: { completedAt: Date | null; createdAt: Date }) =>
  pdfDocumentFileName({ brandName, kind: 'audit', date: audit.completedAt ?? audit.createdAt });

export function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'private, no-store')
    .send(pdf);
}

export function registerAuditReportRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: ctx.auth.requireActor };

  async function renderFor(ownerId: string, detail: Parameters<typeof renderAuditReportPdf>[0]) {
    const branding = await loadReportBranding(ctx.db, ctx.uploads, ownerId);
    const render = await loadAuditReportRenderer();
    return render(detail, { branding });
  }

  app.post('/api/audits/:id/pdf', { ...signedIn, schema: { params: ZIdParams } }, async (request, reply) => {
    const { audit, brand, report } = await getAuditOrThrow(ctx.db, actorOf(request), request.params.id);
    if (audit.status !== 'completed') throw new AppError('conflict', 'The audit has not finished yet');
    const pdf = await renderFor(audit.userId, toAuditDetail(audit, brand, report));
    return sendPdf(reply, pdf, auditPdfFileName(brand.name, audit));
  });

  app.post(
    '/api/audits/:id/share',
    { ...signedIn, schema: { params: ZIdParams, body: ZShareAuditRequest } },
    async (request) =>
      shareAudit(ctx, { actor: actorOf(request), auditId: request.params.id, maxDownloads: request.body.maxDownloads }),
  );

  app.delete('/api/audits/:id/share', { ...signedIn, schema: { params: ZIdParams } }, async (request, reply) => {
    await stopSharingAudit(ctx, { actor: actorOf(request), auditId: request.params.id });
    return reply.status(204).send();
  });

  // Public: anyone with the link. Rate-limited so tokens cannot be guessed by brute force.
  const publicRoute = {
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    schema: { params: ZShareTokenParams },
  };

  app.get('/api/reports/:token', publicRoute, async (request) => getSharedReport(ctx, request.params.token));

  app.get('/api/reports/:token/pdf', publicRoute, async (request, reply) => {
    const { audit, brand, report } = await findSharedAudit(ctx.db, request.params.token);
    const pdf = await renderFor(audit.userId, toAuditDetail(audit, brand, report));
    // Counted once the PDF exists, so a failed render does not use up a download.
    await takeSharedDownload(ctx.db, request.params.token);
    return sendPdf(reply, pdf, auditPdfFileName(brand.name, audit));
  });

  app.get('/api/reports/:token/logo', publicRoute, async (request, reply) => {
    const { brand } = await findSharedAudit(ctx.db, request.params.token);
    const key = brand.logoUrl?.split('/').at(-1);
    const content = key ? await ctx.uploads.read(key).catch(() => null) : null;
    if (!content) throw notFound('Logo not found');
    return sendImage(reply, content);
  });

  app.get('/api/reports/:token/branding-logo', publicRoute, async (request, reply) => {
    const { audit } = await findSharedAudit(ctx.db, request.params.token);
    const branding = await loadReportBranding(ctx.db, ctx.uploads, audit.userId);
    if (!branding?.logo) throw notFound('Logo not found');
    return sendImage(reply, branding.logo);
  });
}

/** An uploaded image to anyone: its type from its content, and nothing in it can run. */
export function sendImage(reply: FastifyReply, content: Buffer) {
  return reply
    .header('Content-Type', sniffFileType(content)?.mimetype ?? 'application/octet-stream')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .header('Cache-Control', 'public, max-age=300')
    .send(content);
}
