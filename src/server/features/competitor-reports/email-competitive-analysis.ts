import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { ZEmailCompetitiveAnalysisRequest } from '../../../shared/schemas/competitor-reports.ts';
import { userDisplayName } from '../../../shared/user-names.ts';
import { queueEmail } from '../../emails/index.ts';
import type { Actor } from '../../http/access.ts';
import { assertCanChangeBrand } from '../billing/plan-limits.ts';
import type { FeatureContext } from '../context.ts';
import { competitiveAnalysisEmail } from './competitive-analysis-email.ts';
import { getCompetitorReportOrThrow } from './list-competitor-reports.ts';

/** Without the dialog's request id, the same message asked for twice within a minute is sent once. */
function fallbackKeyOf(input: { reportId: string; email: string; message: string | null }, now: number) {
  const minute = Math.floor(now / 60_000);
  return createHash('sha256')
    .update(JSON.stringify(['competitive', input.reportId, input.email.toLowerCase(), input.message, minute]))
    .digest('hex');
}

/**
 * Queues a competitive analysis to one address; the send-email job renders its PDF and sends it
 * (or keeps it in the local outbox). Replies with the queued message.
 */
export async function emailCompetitiveAnalysis(
  ctx: FeatureContext,
  { actor, input }: { actor: Actor; input: z.output<typeof ZEmailCompetitiveAnalysisRequest> },
) {
  const { report, brand } = await getCompetitorReportOrThrow(ctx.db, actor, input.reportId);
  await assertCanChangeBrand(ctx.db, brand, { feature: 'competitorTracking', toDoMore: 'e-mail reports' });
  const message = input.message ?? null;
  const row = await queueEmail(ctx, {
    userId: report.userId,
    idempotencyKey: input.requestId ?? fallbackKeyOf({ reportId: report.id, email: input.email, message }, Date.now()),
    kind: competitiveAnalysisEmail.kind,
    params: { reportId: report.id, message, senderName: userDisplayName(actor.user) },
    recipients: [input.email],
  });
  return { id: row.id, status: row.status, recipients: row.recipients };
}
