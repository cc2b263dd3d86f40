import type { TEmailReport, TEmailReportInput } from '../../../shared/schemas/email-reports.ts';
import { emailReports } from '../../db/schema/index.ts';
import { type Actor, getBrandOrThrow } from '../../http/access.ts';
import { assertPlanAllows } from '../billing/plan-limits.ts';
import type { FeatureContext } from '../context.ts';
import { toEmailReportDto } from './email-report-dto.ts';
import { nextSlotAfter } from './schedule.ts';

/**
 * The stored columns of a saved dialog, checked: the brand must be one of the actor's (404), and
 * fresh analysis needs the workspace's plan to include it (403 plan_feature). Saving always makes
 * the report active (SPEC §4) and schedules its next send from now.
 */
export async function emailReportColumns(
  ctx: Pick<FeatureContext, 'db'>,
  actor: Actor,
  input: TEmailReportInput,
  now: Date,
) {
  const brand = input.brandId ? await getBrandOrThrow(ctx.db, actor, input.brandId) : null;
  if (input.runFreshAnalysis) await assertPlanAllows(ctx.db, actor.workspaceOwnerId, 'freshAiAnalysis');
  const columns = {
    name: input.name,
    brandId: brand?.id ?? null,
    frequency: input.frequency,
    dayOfWeek: input.dayOfWeek,
    dayOfMonth: input.dayOfMonth,
    timeOfDay: input.timeOfDay,
    timezone: input.timezone,
    recipients: input.recipients,
    includeModules: input.includeModules,
    runFreshAnalysis: input.runFreshAnalysis,
    isActive: true,
    nextScheduled: nextSlotAfter(input, now),
  };
  return { columns, brandName: brand?.name ?? null };
}

/** Schedules a report in the actor's workspace (a team member's belong to the agency, as brands do). */
export async function createEmailReport(
  ctx: Pick<FeatureContext, 'db'>,
  { actor, input, now = new Date() }: { actor: Actor; input: TEmailReportInput; now?: Date },
): Promise<TEmailReport> {
  const { columns, brandName } = await emailReportColumns(ctx, actor, input, now);
  const [row] = await ctx.db
    .insert(emailReports)
    .values({ userId: actor.workspaceOwnerId, ...columns })
    .returning();
  if (!row) throw new Error('The email report was not stored');
  return toEmailReportDto(row, brandName);
}
