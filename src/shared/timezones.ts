/**
 * The timezones a scheduled e-mail report can run in (SPEC §9): the twelve choices as IANA ids,
 * each with the name the dialog shows. Only these are accepted, so every stored report can be shown
 * and edited with the same list.
 */
export const reportTimezones = [
  { id: 'Europe/London', label: 'London' },
  { id: 'Europe/Paris', label: 'Paris' },
  { id: 'America/New_York', label: 'New York' },
  { id: 'America/Chicago', label: 'Chicago' },
  { id: 'America/Denver', label: 'Denver' },
  { id: 'America/Los_Angeles', label: 'Los Angeles' },
  { id: 'America/Toronto', label: 'Toronto' },
  { id: 'Asia/Tokyo', label: 'Tokyo' },
  { id: 'Asia/Shanghai', label: 'Shanghai' },
  { id: 'Asia/Kolkata', label: 'India' },
  { id: 'Australia/Sydney', label: 'Sydney' },
  { id: 'Pacific/Auckland', label: 'Auckland' },
] as const;

export type TReportTimezone = (typeof reportTimezones)[number]['id'];

export const reportTimezoneIds = reportTimezones.map((zone) => zone.id) as [TReportTimezone, ...TReportTimezone[]];

export const DEFAULT_REPORT_TIMEZONE: TReportTimezone = 'Europe/London';

/** The name the dialog gives a timezone ('London'), or the id itself for one outside the list. */
export function timezoneLabel(id: string): string {
  return reportTimezones.find((zone) => zone.id === id)?.label ?? id;
}
