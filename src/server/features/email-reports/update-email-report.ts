import { and, eq } from 'drizzle-orm';
import type { TEmailReport, TEmailReportInput } from '../../../shared/schemas/email-reports.ts';
import { emailReports } from '../../db/schema/index.ts';
import { type Actor, ownedBy } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import type { FeatureContext } from '../context.ts';
import { emailReportColumns } from './create-email-report.ts';
import { toEmailReportDto } from './email-report-dto.ts';
import { getEmailReportOrThrow } from './get-email-report-or-throw.ts';

/**
 * Replaces a report's settings with the whole dialog and schedules its next send again from now,
 * so a changed day, time or timezone takes effect at once. lastSent and the last failure stay.
 */
export async function updateEmailReport(
  ctx: Pick<FeatureContext, 'db'>,
  {
    actor,
    reportId,
    input,
    now = new Date(),
  }: { actor: Actor; reportId: string; input: TEmailReportInput; now?: Date },
): Promise<TEmailReport> {
  await getEmailReportOrThrow(ctx.db, actor, reportId);
  const { columns, brandName } = await emailReportColumns(ctx, actor, input, now);
  const [row] = await ctx.db
    .update(emailReports)
    .set({ ...columns, updatedAt: now })
    .where(and(eq(emailReports.id, reportId), ownedBy(actor, emailReports.userId)))
    .returning();
  // Deleted by someone else between the lookup and the update.
  if (!row) throw notFound('Email report not found');
  return toEmailReportDto(row, brandName);
}
