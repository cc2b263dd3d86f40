import { z } from 'zod';
import { ZPageQuery } from './paging.ts';
import { ZText } from './text.ts';

export const DEFAULT_TIMEZONE = 'Europe/London';

/** An IANA timezone name this runtime knows (Intl throws a RangeError for any other). */
export function isKnownTimeZone(name: string): boolean {
  if (!name || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const invalidTimezoneMessage = 'Please choose a valid time zone, such as Europe/London';

export const ZTimeZone = ZText('Time zone', { required: invalidTimezoneMessage })
  .trim()
  .refine(isKnownTimeZone, invalidTimezoneMessage);

/** The Settings toggles: SPEC's three (defaults on, on and off) competitors' weekly changes (on) and spike alerts of the daily discovery (on). */
export const notificationKinds = [
  'emailReports',
  'auditComplete',
  'weeklyDigest',
  'competitorChanges',
  'mentionSpikes',
] as const;
export type TNotificationKind = (typeof notificationKinds)[number];

/** GET /api/notification-settings, and the reply to PUT. */
export const ZNotificationSettings = z.object({
  emailReports: z.boolean(),
  auditComplete: z.boolean(),
  weeklyDigest: z.boolean(),
  /** the weekly "What changed" e-mail about competitors' ads */
  competitorChanges: z.boolean(),
  mentionSpikes: z.boolean(),
  /** IANA name; the weekly digest is sent on Monday morning in it */
  timezone: z.string(),
});
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;

/** PUT /api/notification-settings: any of the toggles and the timezone; what is left out stays. */
export const ZUpdateNotificationSettingsRequest = z
  .object({
    emailReports: z.boolean('emailReports must be true or false'),
    auditComplete: z.boolean('auditComplete must be true or false'),
    weeklyDigest: z.boolean('weeklyDigest must be true or false'),
    competitorChanges: z.boolean('competitorChanges must be true or false'),
    mentionSpikes: z.boolean('mentionSpikes must be true or false'),
    timezone: ZTimeZone,
  })
  .partial()
  .strict();
export type TUpdateNotificationSettingsRequest = z.input<typeof ZUpdateNotificationSettingsRequest>;

/** Kinds of e-mail a reader can stop without signing in: the link in each message names one. */
export const unsubscribeKinds = ['auditComplete', 'weeklyDigest', 'competitorChanges', 'mentionSpikes'] as const;
export type TUnsubscribeKind = (typeof unsubscribeKinds)[number];

/** One entry of the header's bell: long work that finished, and whether the reader has seen it. */
export const ZNotification = z.object({
  id: z.uuid(),
  kind: z.string(),
  title: z.string(),
  body: z.string().nullable(),
  /** the app screen that shows the result */
  link: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type TNotification = z.infer<typeof ZNotification>;

/**
 * GET /api/notifications: one page of them, newest first (paging.ts: `limit` and `cursor` in the
 * query, `Link` and `X-Total-Count` in the reply), and how many of all are unread. The body stays
 * an object because the bell needs the unread count whatever page it shows.
 */
export const ZNotificationListQuery = ZPageQuery;
export type TNotificationListQuery = z.infer<typeof ZNotificationListQuery>;

export const ZNotificationList = z.object({
  notifications: z.array(ZNotification),
  unreadCount: z.number().int(),
});
export type TNotificationList = z.infer<typeof ZNotificationList>;

/** The bell asks for this many at a time; "Load more" reaches older ones. */
export const NOTIFICATION_PAGE_SIZE = 20;
