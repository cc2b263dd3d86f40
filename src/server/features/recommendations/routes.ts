import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type TReportBranding, ZShareTokenParams } from '../../../shared/schemas/audits.ts';
import { ZIdParams } from '../../../shared/schemas/brands.ts';
import type { TSavedRecommendations } from '../../../shared/schemas/recommendations.ts';
import { brands, marketingRecommendations } from '../../db/schema/index.ts';
import { ownedBy } from '../../http/access.ts';
import { actorOf } from '../../http/authenticate.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { pdfDocumentFileName } from '../../pdf/file-name.ts';
import { loadMarketingRecommendationsRenderer } from '../../pdf/load-renderers.ts';
import { loadReportBranding } from '../audit-reports/report-branding.ts';
import { sendImage, sendPdf } from '../audit-reports/routes.ts';
import { getAuditOrThrow } from '../audits/get-audit-or-throw.ts';
import type { FeatureContext } from '../context.ts';
import { generateRecommendations, setRecommendationsSharing } from './generate-recommendations.ts';
import { toRecommendations } from './recommendations-dto.ts';

export function registerRecommendationRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: ctx.auth.requireActor };
  const byAudit = { ...signedIn, schema: { params: ZIdParams } };

  app.get('/api/audits/:id/marketing-recommendations', byAudit, async (request): Promise<TSavedRecommendations> => {
    const actor = actorOf(request);
    await getAuditOrThrow(ctx.db, actor, request.params.id);
    const [saved] = await ctx.db
      .select()
      .from(marketingRecommendations)
      .where(
        and(eq(marketingRecommendations.auditId, request.params.id), ownedBy(actor, marketingRecommendations.userId)),
      );
    return saved
      ? {
          recommendations: toRecommendations(saved),
          shareableToken: saved.shareableToken,
          isPublic: saved.isPublic,
          createdAt: saved.createdAt.toISOString(),
        }
      : { recommendations: null, shareableToken: null, isPublic: false, createdAt: null };
  });

  app.post('/api/audits/:id/marketing-recommendations', byAudit, async (request) =>
    generateRecommendations(ctx, { actor: actorOf(request), auditId: request.params.id }),
  );

  app.post('/api/audits/:id/marketing-recommendations/pdf', byAudit, async (request, reply) => {
    const actor = actorOf(request);
    const { audit, brand } = await getAuditOrThrow(ctx.db, actor, request.params.id);
    const [saved] = await ctx.db
      .select()
      .from(marketingRecommendations)
      .where(and(eq(marketingRecommendations.auditId, audit.id), ownedBy(actor, marketingRecommendations.userId)));
    if (!saved) throw new AppError('conflict', 'Generate the recommendations first');
    const branding = await loadReportBranding(ctx.db, ctx.uploads, audit.userId);
    const render = await loadMarketingRecommendationsRenderer();
    const pdf = await render(
      {
        brandName: brand.name,
        auditDate: audit.completedAt ?? audit.createdAt,
        overallScore: audit.overallScore,
        recommendations: toRecommendations(saved),
      },
      { branding },
    );
    return sendPdf(
      reply,
      pdf,
      pdfDocumentFileName({ brandName: brand.name, kind: 'marketing-recommendations', date: saved.createdAt }),
    );
  });

  app.post('/api/audits/:id/marketing-recommendations/share', byAudit, async (request) =>
    setRecommendationsSharing(ctx, { actor: actorOf(request), auditId: request.params.id, isPublic: true }),
  );

  app.delete('/api/audits/:id/marketing-recommendations/share', byAudit, async (request) =>
    setRecommendationsSharing(ctx, { actor: actorOf(request), auditId: request.params.id, isPublic: false }),
  );

  const publicRoute = {
    config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    schema: { params: ZShareTokenParams },
  };

  async function findShared(token: string) {
    const [row] = await ctx.db
      .select({ recommendations: marketingRecommendations, brandName: brands.name })
      .from(marketingRecommendations)
      .innerJoin(brands, eq(brands.id, marketingRecommendations.brandId))
      .where(and(eq(marketingRecommendations.shareableToken, token), eq(marketingRecommendations.isPublic, true)));
    if (!row) throw notFound('Recommendations not found');
    return row;
  }

  app.get('/api/marketing-recommendations/share/:token', publicRoute, async (request) => {
    const row = await findShared(request.params.token);
    const branding = await loadReportBranding(ctx.db, ctx.uploads, row.recommendations.userId);
    const { logo: _logo, ...publicBranding } = branding ?? { logo: null };
    return {
      recommendations: toRecommendations(row.recommendations),
      brand: { name: row.brandName },
      createdAt: row.recommendations.createdAt.toISOString(),
      branding: branding ? (publicBranding as TReportBranding) : null,
    };
  });

  app.get('/api/marketing-recommendations/share/:token/branding-logo', publicRoute, async (request, reply) => {
    const row = await findShared(request.params.token);
    const branding = await loadReportBranding(ctx.db, ctx.uploads, row.recommendations.userId);
    if (!branding?.logo) throw notFound('Logo not found');
    return sendImage(reply, branding.logo);
  });
}
