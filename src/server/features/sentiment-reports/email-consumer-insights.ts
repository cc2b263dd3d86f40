import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  noInsightsForReportMessage,
  type ZEmailConsumerInsightsRequest,
} from '../../../shared/schemas/sentiment-reports.ts';
import { userDisplayName } from '../../../shared/user-names.ts';
import { queueEmail } from '../../emails/index.ts';
import { type Actor, getBrandOrThrow } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { assertCanChangeBrand } from '../billing/plan-limits.ts';
import type { FeatureContext } from '../context.ts';
import { consumerInsightsEmail } from './consumer-insights-email.ts';
import { brandHasInsights } from './measure-insights.ts';

/** Without the dialog's request id, the same message asked for twice within a minute is sent once. */
function fallbackKeyOf(input: { brandId: string; email: string; message: string | null }, now: number) {
  const minute = Math.floor(now / 60_000);
  return createHash('sha256')
    .update(JSON.stringify([input.brandId, input.email.toLowerCase(), input.message, minute]))
    .digest('hex');
}

/**
 * Queues the brand's consumer insights report to one address; the send-email job renders the PDF
 * and sends it (or keeps it in the local outbox). Replies with the queued message.
 */
export async function emailConsumerInsights(
  ctx: FeatureContext,
  { actor, input }: { actor: Actor; input: z.output<typeof ZEmailConsumerInsightsRequest> },
) {
  const brand = await getBrandOrThrow(ctx.db, actor, input.brandId);
  await assertCanChangeBrand(ctx.db, brand, { feature: 'consumerInsights', toDoMore: 'e-mail reports' });
  if (!(await brandHasInsights(ctx.db, brand.id))) throw new AppError('conflict', noInsightsForReportMessage);
  const message = input.message ?? null;
  const row = await queueEmail(ctx, {
    userId: brand.userId,
    idempotencyKey: input.requestId ?? fallbackKeyOf({ brandId: brand.id, email: input.email, message }, Date.now()),
    kind: consumerInsightsEmail.kind,
    params: { brandId: brand.id, message, senderName: userDisplayName(actor.user) },
    recipients: [input.email],
  });
  return { id: row.id, status: row.status, recipients: row.recipients };
}
