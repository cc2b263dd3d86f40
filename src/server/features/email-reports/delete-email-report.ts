import { and, eq } from 'drizzle-orm';
import { emailReports } from '../../db/schema/index.ts';
import { type Actor, ownedBy } from '../../http/access.ts';
import type { FeatureContext } from '../context.ts';
import { getEmailReportOrThrow } from './get-email-report-or-throw.ts';

/** Stops and removes a scheduled report; its run history and opt-outs go with it (the foreign keys cascade). */
export async function deleteEmailReport(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, reportId }: { actor: Actor; reportId: string },
): Promise<{ id: string }> {
  await getEmailReportOrThrow(ctx.db, actor, reportId);
  await ctx.db.delete(emailReports).where(and(eq(emailReports.id, reportId), ownedBy(actor, emailReports.userId)));
  return { id: reportId };
}
