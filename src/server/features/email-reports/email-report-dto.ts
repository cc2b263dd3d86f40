import type { TEmailReport } from '../../../shared/schemas/email-reports.ts';
import type { emailReports } from '../../db/schema/index.ts';
import { formatSlot } from './schedule.ts';

export type EmailReportRow = typeof emailReports.$inferSelect;

const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** A report as the API returns it, with its next and last sends worded in the report's own timezone. */
export function toEmailReportDto(row: EmailReportRow, brandName: string | null): TEmailReport {
  return {
    id: row.id,
    brandId: row.brandId,
    brandName: row.brandId ? brandName : null,
    name: row.name,
    frequency: row.frequency,
    dayOfWeek: row.dayOfWeek,
    dayOfMonth: row.dayOfMonth,
    timeOfDay: row.timeOfDay,
    timezone: row.timezone,
    recipients: row.recipients,
    includeModules: row.includeModules,
    runFreshAnalysis: row.runFreshAnalysis,
    isActive: row.isActive,
    whiteLabel: row.whiteLabel,
    lastSent: isoOrNull(row.lastSent),
    nextScheduled: isoOrNull(row.nextScheduled),
    lastAttemptAt: isoOrNull(row.lastAttemptAt),
    lastError: row.lastError,
    nextScheduledLabel: row.nextScheduled ? formatSlot(row.nextScheduled, row.timezone) : null,
    lastSentLabel: row.lastSent ? formatSlot(row.lastSent, row.timezone) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
