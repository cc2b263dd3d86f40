import type { Database } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { storableText } from '../../db/storable.ts';

export type NotificationInput = {
  /**
   * The brand whose work finished: whoever may see the brand sees the notification. Null for
   * work about one person alone (their data export), which only `userId` sees.
   */
  brandId: string | null;
  /** the brand's owner for a brand's notification; else the person it is for */
  userId: string;
  kind: string;
  subjectId: string;
  title: string;
  body: string | null;
  link: string | null;
};

const clip = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/**
 * Adds a bell notification once per subject and kind: a retried job, or a sweep after it, that
 * finishes the same audit or task again adds nothing. Names in the text (brands, competitors,
 * reasons) came from outside, so they are made storable.
 */
export async function recordNotification(db: Database, input: NotificationInput): Promise<void> {
  await db
    .insert(notifications)
    .values({
      userId: input.userId,
      brandId: input.brandId,
      kind: input.kind,
      subjectId: input.subjectId,
      title: clip(storableText(input.title), 200),
      body: input.body === null ? null : clip(storableText(input.body), 1000),
      link: input.link,
    })
    .onConflictDoNothing({ target: [notifications.subjectId, notifications.kind] });
}
