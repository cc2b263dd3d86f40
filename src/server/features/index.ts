import type { FastifyInstance } from 'fastify';
import { registerAuditReportRoutes } from './audit-reports/routes.ts';
import { registerAuditRoutes } from './audits/routes.ts';
import { registerBrandRoutes } from './brands/routes.ts';
import type { FeatureContext } from './context.ts';
import { registerUploadRoutes } from './uploads/routes.ts';

/** Every feature's routes; each feature folder owns its own. */
export function registerFeatureRoutes(app: FastifyInstance, ctx: FeatureContext) {
  registerBrandRoutes(app, ctx);
  registerAuditRoutes(app, ctx);
  registerAuditReportRoutes(app, ctx);
  registerUploadRoutes(app, ctx);
}
