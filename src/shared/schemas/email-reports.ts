import { z } from 'zod';
import { DEFAULT_REPORT_TIMEZONE, reportTimezoneIds, timezoneLabel } from '../timezones.ts';
import { MAX_EMAIL_LENGTH } from './email.ts';
import { hasControlCharacters, ZText } from './text.ts';

/** More than this is a mailing list, not a report shared with a team and its clients. */
export const MAX_REPORT_RECIPIENTS = 50;

export const reportFrequencies = ['daily', 'weekly', 'monthly'] as const;
export type TReportFrequency = (typeof reportFrequencies)[number];
export const reportFrequencyLabels: Record<TReportFrequency, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

/** 0-6, Sunday = 0, as the schedule stores them. */
export const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const reportModules = ['brandAudit', 'consumerInsights', 'competitorTracking'] as const;
export type TReportModule = (typeof reportModules)[number];
export const reportModuleLabels: Record<TReportModule, string> = {
  brandAudit: 'Brand Audit',
  consumerInsights: 'Consumer Insights',
  competitorTracking: 'Competitor Tracking',
};

/** SPEC §9: weekly, Monday, day of month 1, 09:00, Europe/London, all modules on, fresh analysis off. */
export const emailReportDefaults = {
  frequency: 'weekly' as TReportFrequency,
  dayOfWeek: 1,
  dayOfMonth: 1,
  timeOfDay: '09:00',
  timezone: DEFAULT_REPORT_TIMEZONE as string,
  includeModules: { brandAudit: true, consumerInsights: true, competitorTracking: true },
  runFreshAnalysis: false,
};

export const reportNameRequiredMessage = 'Report name is required';
export const noRecipientMessage = 'Please add at least one recipient email address.';
export const tooManyRecipientsMessage = `An email report can go to at most ${MAX_REPORT_RECIPIENTS} recipients`;
/** Names the address that is refused, unless it carries control characters (never echoed). */
export const invalidRecipientMessage = (address: string) =>
  hasControlCharacters(address)
    ? 'A recipient address contains a control character'
    : `${address.slice(0, 100)} is not a valid email address`;
export const timezoneMessage = 'Choose one of the listed timezones';
export const timeOfDayMessage = 'Time must be HH:MM, from 00:00 to 23:59';
export const dayOfMonthMessage = 'Day of month must be from 1 to 31';
export const dayOfWeekMessage = 'Day of week must be from 0 (Sunday) to 6 (Saturday)';
export const frequencyMessage = 'Frequency must be daily, weekly or monthly';
export const noModuleMessage = 'Choose at least one module to include';

/** The addresses as typed: one comma-separated text, or a list whose entries may hold commas too. */
export function splitRecipients(value: string | readonly string[]): string[] {
  const parts = typeof value === 'string' ? [value] : value;
  return parts
    .flatMap((part) => part.split(','))
    .map((address) => address.trim())
    .filter(Boolean);
}

const invalidRecipient = { error: (issue: { input?: unknown }) => invalidRecipientMessage(String(issue.input)) };
const ZRecipientAddress = z.string().max(MAX_EMAIL_LENGTH, invalidRecipient).pipe(z.email(invalidRecipient));

/**
 * Recipients (SPEC §5): split on commas and trimmed; at least one; each a plain address (nothing
 * that could reach a mail header); duplicates, ignoring case, kept once; at most 50.
 */
export const ZReportRecipients = z.preprocess(
  (value) =>
    typeof value === 'string' || (Array.isArray(value) && value.every((entry) => typeof entry === 'string'))
      ? splitRecipients(value as string | string[])
      : value,
  z
    .array(ZRecipientAddress, noRecipientMessage)
    .min(1, noRecipientMessage)
    .transform((addresses) => {
      const seen = new Set<string>();
      return addresses.filter((address) => {
        const key = address.toLowerCase();
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    })
    .pipe(z.array(z.string()).max(MAX_REPORT_RECIPIENTS, tooManyRecipientsMessage)),
);

/** A report with nothing in it would only ever say so: at least one module is included. */
const ZModules = z
  .object(
    {
      brandAudit: z.boolean('brandAudit must be true or false'),
      consumerInsights: z.boolean('consumerInsights must be true or false'),
      competitorTracking: z.boolean('competitorTracking must be true or false'),
    },
    'includeModules must name brandAudit, consumerInsights and competitorTracking',
  )
  .refine((modules) => modules.brandAudit || modules.consumerInsights || modules.competitorTracking, noModuleMessage);

/**
 * POST /api/email-reports and PUT /api/email-reports/{id} (SPEC §7). Absent fields take SPEC's
 * defaults. brandId 'all', null or absent means all brands. isActive is accepted but saving always
 * makes the report active (SPEC §4). dayOfWeek is kept only for weekly reports and dayOfMonth only
 * for monthly ones; a value that is sent is checked either way.
 */
export const ZEmailReportRequest = z
  .object({
    name: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() : value),
      ZText('Report name', { required: reportNameRequiredMessage })
        .min(1, reportNameRequiredMessage)
        .max(200, 'Report name must be at most 200 characters'),
    ),
    frequency: z.enum(reportFrequencies, frequencyMessage).default(emailReportDefaults.frequency),
    dayOfWeek: z
      .number(dayOfWeekMessage)
      .int(dayOfWeekMessage)
      .min(0, dayOfWeekMessage)
      .max(6, dayOfWeekMessage)
      .nullish(),
    dayOfMonth: z
      .number(dayOfMonthMessage)
      .int(dayOfMonthMessage)
      .min(1, dayOfMonthMessage)
      .max(31, dayOfMonthMessage)
      .nullish(),
    timeOfDay: z
      .string(timeOfDayMessage)
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, timeOfDayMessage)
      .default(emailReportDefaults.timeOfDay),
    timezone: z.enum(reportTimezoneIds, timezoneMessage).default(DEFAULT_REPORT_TIMEZONE),
    recipients: ZReportRecipients,
    brandId: z
      .preprocess((value) => (value === 'all' || value === '' ? null : value), z.uuid('Brand not found').nullish())
      .transform((value) => value ?? null),
    includeModules: ZModules.default(emailReportDefaults.includeModules),
    runFreshAnalysis: z.boolean('runFreshAnalysis must be true or false').default(false),
    isActive: z.boolean('isActive must be true or false').optional(),
  })
  .transform(({ isActive: _alwaysActive, ...report }) => ({
    ...report,
    dayOfWeek: report.frequency === 'weekly' ? (report.dayOfWeek ?? emailReportDefaults.dayOfWeek) : null,
    dayOfMonth: report.frequency === 'monthly' ? (report.dayOfMonth ?? emailReportDefaults.dayOfMonth) : null,
  }));
export type TEmailReportRequest = z.input<typeof ZEmailReportRequest>;
export type TEmailReportInput = z.output<typeof ZEmailReportRequest>;

/** One report as the API returns it. Dates are ISO strings; the labels are in the report's timezone. */
export const ZEmailReport = z.object({
  id: z.uuid(),
  brandId: z.uuid().nullable(),
  /** null for all brands */
  brandName: z.string().nullable(),
  name: z.string(),
  frequency: z.enum(reportFrequencies),
  dayOfWeek: z.number().int().nullable(),
  dayOfMonth: z.number().int().nullable(),
  timeOfDay: z.string(),
  timezone: z.string(),
  recipients: z.array(z.string()),
  includeModules: z.object({
    brandAudit: z.boolean(),
    consumerInsights: z.boolean(),
    competitorTracking: z.boolean(),
  }),
  runFreshAnalysis: z.boolean(),
  isActive: z.boolean(),
  whiteLabel: z.boolean(),
  lastSent: z.string().nullable(),
  nextScheduled: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** "Monday 2 March 2026, 09:00 GMT" */
  nextScheduledLabel: z.string().nullable(),
  lastSentLabel: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TEmailReport = z.infer<typeof ZEmailReport>;

/** "Weekly on Monday at 09:00 (London)", "Monthly on day 31 at 18:30 (Sydney)", "Daily at 07:00 (Tokyo)". */
export function describeSchedule(
  report: Pick<TEmailReport, 'frequency' | 'dayOfWeek' | 'dayOfMonth' | 'timeOfDay' | 'timezone'>,
): string {
  const at = `at ${report.timeOfDay} (${timezoneLabel(report.timezone)})`;
  if (report.frequency === 'weekly') {
    return `Weekly on ${weekdayNames[report.dayOfWeek ?? emailReportDefaults.dayOfWeek]} ${at}`;
  }
  if (report.frequency === 'monthly') {
    const day = report.dayOfMonth ?? emailReportDefaults.dayOfMonth;
    // A day past a month's end runs on its last day (see schedule.ts).
    return `Monthly on day ${day}${day > 28 ? ' (or the month’s last day)' : ''} ${at}`;
  }
  return `Daily ${at}`;
}

export const sendRequestIdMessage = 'requestId must be a UUID, made once for each press of Send';

/**
 * POST /api/email-reports/{id}/send: "Send to recipients now". The browser makes the key once per
 * press (and keeps it while that press is retried), so the same press never sends twice.
 */
export const ZSendEmailReportRequest = z.object({
  requestId: z.uuid(sendRequestIdMessage),
});
export type TSendEmailReportRequest = z.infer<typeof ZSendEmailReportRequest>;

/** What a send or a preview queued: to whom, and (for a send) the report's new "Last sent". */
export const ZEmailReportSent = z.object({
  runId: z.uuid(),
  kind: z.enum(['manual', 'preview']),
  status: z.enum(['preparing', 'queued', 'sent', 'failed']),
  recipients: z.array(z.string()),
  /** true when this press had been received before: nothing more was sent */
  duplicate: z.boolean(),
  /** "Monday 2 March 2026, 09:00 GMT", in the report's timezone; null for a preview */
  lastSentLabel: z.string().nullable(),
});
export type TEmailReportSent = z.infer<typeof ZEmailReportSent>;

export const nobodyToSendToMessage =
  'Nobody would receive this report now: every recipient has unsubscribed, or e-mail reports are turned off in your notification settings.';
