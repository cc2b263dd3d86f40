import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  TNotificationSettings,
  ZUpdateNotificationSettingsRequest,
} from '../../../shared/schemas/notifications.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { Actor } from '../../http/access.ts';
import { unauthorized } from '../../http/errors.ts';
import type { User } from '../users/upsert-user-by-email.ts';

type NotificationColumns = Pick<
  User,
  | 'notifyEmailReports'
  | 'notifyAuditComplete'
  | 'notifyWeeklyDigest'
  | 'notifyCompetitorChanges'
  | 'notifyMentionSpikes'
  | 'timezone'
>;

export function toNotificationSettings(user: NotificationColumns): TNotificationSettings {
  return {
    emailReports: user.notifyEmailReports,
    auditComplete: user.notifyAuditComplete,
    weeklyDigest: user.notifyWeeklyDigest,
    competitorChanges: user.notifyCompetitorChanges,
    mentionSpikes: user.notifyMentionSpikes,
    timezone: user.timezone,
  };
}

/** The toggle's column on users, for the settings and the unsubscribe link alike. */
export const notificationColumn = {
  emailReports: 'notifyEmailReports',
  auditComplete: 'notifyAuditComplete',
  weeklyDigest: 'notifyWeeklyDigest',
  competitorChanges: 'notifyCompetitorChanges',
  mentionSpikes: 'notifyMentionSpikes',
} as const satisfies Record<keyof Omit<TNotificationSettings, 'timezone'>, keyof NotificationColumns>;

/**
 * Saves what the request names and leaves the rest. Notifications are personal: a team member
 * changes their own, never the agency owner's.
 */
export async function updateNotificationSettings(
  db: Database,
  { actor, input }: { actor: Actor; input: z.output<typeof ZUpdateNotificationSettingsRequest> },
): Promise<TNotificationSettings> {
  const changes: Partial<NotificationColumns> = {};
  if (input.emailReports !== undefined) changes.notifyEmailReports = input.emailReports;
  if (input.auditComplete !== undefined) changes.notifyAuditComplete = input.auditComplete;
  if (input.weeklyDigest !== undefined) changes.notifyWeeklyDigest = input.weeklyDigest;
  if (input.competitorChanges !== undefined) changes.notifyCompetitorChanges = input.competitorChanges;
  if (input.mentionSpikes !== undefined) changes.notifyMentionSpikes = input.mentionSpikes;
  if (input.timezone !== undefined) changes.timezone = input.timezone;
  if (Object.keys(changes).length === 0) return readNotificationSettings(db, actor);
  const [updated] = await db.update(users).set(changes).where(eq(users.id, actor.user.id)).returning();
  if (!updated) throw unauthorized();
  return toNotificationSettings(updated);
}

/** Read fresh rather than from the actor, so a PUT just before is always seen. */
export async function readNotificationSettings(db: Database, actor: Actor): Promise<TNotificationSettings> {
  const [user] = await db.select().from(users).where(eq(users.id, actor.user.id));
  if (!user) throw unauthorized();
  return toNotificationSettings(user);
}
