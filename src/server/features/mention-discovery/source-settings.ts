/**
 * Each subject's settings and health per mention source (table mention_source_settings). No row
 * means the defaults: on, no hashtags or app ids, never run.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { TMentionSourceOutcome } from '../../../shared/schemas/mention-sources.ts';
import type { Database } from '../../db/client.ts';
import { mentionSourceSettings } from '../../db/schema/index.ts';
import { storableOptionalText } from '../../db/storable.ts';

export type MentionSettingsRow = typeof mentionSourceSettings.$inferSelect;
export type SubjectKey = { brandId: string; userId: string; competitorId: string | null };

export const DEFAULT_SETTINGS = {
  enabled: true,
  hashtags: [] as string[],
  appleAppIds: [] as string[],
  lastRunAt: null,
  lastSuccessAt: null,
  lastError: null,
  lastItems: null,
  lastAdded: null,
  lastNote: null,
} as const;

const subjectWhere = (subject: SubjectKey) =>
  and(
    eq(mentionSourceSettings.brandId, subject.brandId),
    subject.competitorId
      ? eq(mentionSourceSettings.competitorId, subject.competitorId)
      : isNull(mentionSourceSettings.competitorId),
  );

export async function settingsOf(db: Database, subject: SubjectKey): Promise<Map<string, MentionSettingsRow>> {
  const rows = await db.select().from(mentionSourceSettings).where(subjectWhere(subject));
  return new Map(rows.map((row) => [row.kind, row]));
}

type SettingsChange = Partial<
  Pick<
    MentionSettingsRow,
    | 'enabled'
    | 'hashtags'
    | 'appleAppIds'
    | 'lastRunAt'
    | 'lastSuccessAt'
    | 'lastError'
    | 'lastItems'
    | 'lastAdded'
    | 'lastNote'
  >
>;

/** Creates the subject's row for the source when it has none, then applies the change. */
export async function changeSettings(db: Database, subject: SubjectKey, kind: string, change: SettingsChange) {
  await db
    .insert(mentionSourceSettings)
    .values({ brandId: subject.brandId, userId: subject.userId, competitorId: subject.competitorId, kind })
    .onConflictDoNothing();
  const [row] = await db
    .update(mentionSourceSettings)
    .set(change)
    .where(and(subjectWhere(subject), eq(mentionSourceSettings.kind, kind)))
    .returning();
  return row as MentionSettingsRow;
}

/** What a run leaves on each source it tried: when, whether it read, what it found, why not. */
export async function recordHealth(
  db: Database,
  subject: SubjectKey,
  outcomes: readonly TMentionSourceOutcome[],
  runStartedAt: Date,
) {
  for (const outcome of outcomes) {
    // Only a search that ran leaves health: off, not available and waiting for a setting say so themselves.
    if (outcome.status !== 'read' && outcome.status !== 'failed') continue;
    const read = outcome.status === 'read';
    await changeSettings(db, subject, outcome.kind, {
      lastRunAt: runStartedAt,
      ...(read ? { lastSuccessAt: runStartedAt } : {}),
      lastError: read ? null : storableOptionalText(outcome.error),
      lastItems: read ? outcome.found : null,
      lastAdded: read ? outcome.added : null,
      lastNote: storableOptionalText(outcome.note),
    });
  }
}
