import type { FastifyInstance } from 'fastify';
import { registerActionItemRoutes } from './action-items/routes.ts';
import { registerAdDiscoveryRoutes } from './ad-discovery/routes.ts';
import { registerAdLibraryRoutes } from './ad-library/routes.ts';
import { registerApiTokenRoutes } from './api-tokens/routes.ts';
import { registerAuditReportRoutes } from './audit-reports/routes.ts';
import { registerAuditRoutes } from './audits/routes.ts';
import { registerBillingRoutes } from './billing/routes.ts';
import { registerStripeWebhookRoute } from './billing/webhook-routes.ts';
import { registerBrandRoutes } from './brands/routes.ts';
import { registerCompetitorReportRoutes } from './competitor-reports/routes.ts';
import { registerCompetitorRoutes } from './competitors/routes.ts';
import type { FeatureContext } from './context.ts';
import { registerInsightSourceRoutes } from './insight-sources/routes.ts';
import { registerInsightRoutes } from './insights/routes.ts';
import { registerOutboxRoutes } from './outbox/routes.ts';
import { registerPageWatchRoutes } from './page-watch/routes.ts';
import { registerRecommendationRoutes } from './recommendations/routes.ts';
import { registerSentimentReportRoutes } from './sentiment-reports/routes.ts';
import { registerUploadRoutes } from './uploads/routes.ts';

/** Every feature's routes; each feature folder owns its own. */
export function registerFeatureRoutes(app: FastifyInstance, ctx: FeatureContext) {
  registerBrandRoutes(app, ctx);
  registerAuditRoutes(app, ctx);
  registerAuditReportRoutes(app, ctx);
  registerRecommendationRoutes(app, ctx);
  registerActionItemRoutes(app, ctx);
  registerUploadRoutes(app, ctx);
  registerInsightSourceRoutes(app, ctx);
  registerInsightRoutes(app, ctx);
  registerOutboxRoutes(app, ctx);
  registerSentimentReportRoutes(app, ctx);
  registerCompetitorRoutes(app, ctx);
  registerAdLibraryRoutes(app, ctx);
  registerPageWatchRoutes(app, ctx);
  registerCompetitorReportRoutes(app, ctx);
  registerAdDiscoveryRoutes(app, ctx);
  registerBillingRoutes(app, ctx);
  registerStripeWebhookRoute(app, ctx);
  registerApiTokenRoutes(app, ctx);
}
