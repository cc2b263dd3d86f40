import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAuditListQuery, ZStartAuditRequest } from '../../../shared/schemas/audits.ts';
import { ZIdParams } from '../../../shared/schemas/brands.ts';
import { ZScoreHistoryQuery } from '../../../shared/schemas/score-history.ts';
import { actorOf } from '../../http/authenticate.ts';
import { sendPage } from '../../http/paging.ts';
import type { FeatureContext } from '../context.ts';
import { toAuditDetail } from './audit-dto.ts';
import { getAuditOrThrow } from './get-audit-or-throw.ts';
import { listAudits } from './list-audits.ts';
import { scoreHistoryOf } from './score-history.ts';
import { startAudit } from './start-audit.ts';

export function registerAuditRoutes(parent: FastifyInstance, ctx: FeatureContext) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: ctx.auth.requireActor };

  app.get('/api/audits', { ...signedIn, schema: { querystring: ZAuditListQuery } }, async (request, reply) => {
    const page = await listAudits(ctx.db, { actor: actorOf(request), input: request.query });
    return sendPage(request, reply, page);
  });

  app.post('/api/audits', { ...signedIn, schema: { body: ZStartAuditRequest } }, async (request, reply) => {
    const audit = await startAudit(ctx, { actor: actorOf(request), input: request.body });
    return reply.status(201).send(audit);
  });

  app.get('/api/audits/score-history', { ...signedIn, schema: { querystring: ZScoreHistoryQuery } }, async (request) =>
    scoreHistoryOf(ctx.db, actorOf(request), request.query.brandId),
  );

  app.get('/api/audits/:id', { ...signedIn, schema: { params: ZIdParams } }, async (request) => {
    const { audit, brand, report } = await getAuditOrThrow(ctx.db, actorOf(request), request.params.id);
    return toAuditDetail(audit, brand, report);
  });
}
