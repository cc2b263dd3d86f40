import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { brands, competitors, type taskProgress } from '../../db/schema/index.ts';
import { recordNotification } from './record-notification.ts';

type FinishedTask = Pick<
  typeof taskProgress.$inferSelect,
  'id' | 'userId' | 'kind' | 'subjectId' | 'status' | 'result' | 'error'
>;

/** What each kind of long work is called in the bell, what it is about and where its result is shown. */
const taskKinds: Record<string, { what: string; subject: 'brand' | 'competitor' | 'none'; link: string }> = {
  'discovery:insights': { what: 'Insight discovery', subject: 'brand', link: '/consumer-insights' },
  'discovery:competitor-insights': {
    what: 'Competitor insight discovery',
    subject: 'competitor',
    link: '/consumer-insights',
  },
  'import:insights-csv': { what: 'CSV import', subject: 'brand', link: '/consumer-insights' },
  'ad-discovery:competitor': { what: 'Ad discovery', subject: 'competitor', link: '/competitor-tracking' },
  'ad-discovery:brand': { what: 'Ad discovery', subject: 'brand', link: '/competitor-tracking' },
  'tiktok-discovery:competitor': { what: 'TikTok ad discovery', subject: 'competitor', link: '/competitor-tracking' },
  'account-export': { what: 'Your data export', subject: 'none', link: '/settings' },
};

type Subject = { name: string; brandId: string; brandOwnerId: string };

/** The brand or competitor a task is about: its name, and the brand whose work it is. */
async function subjectOf(db: Database, subject: 'brand' | 'competitor', id: string): Promise<Subject | null> {
  const [row] =
    subject === 'brand'
      ? await db
          .select({ name: brands.name, brandId: brands.id, brandOwnerId: brands.userId })
          .from(brands)
          .where(eq(brands.id, id))
      : await db
          .select({ name: competitors.name, brandId: brands.id, brandOwnerId: brands.userId })
          .from(competitors)
          .innerJoin(brands, eq(brands.id, competitors.brandId))
          .where(eq(competitors.id, id));
  return row ?? null;
}

function addedCount(result: Record<string, unknown> | null): number | null {
  const added = result?.added;
  return typeof added === 'number' ? added : null;
}

function completedBody(kind: string, result: Record<string, unknown> | null): string | null {
  if (kind === 'account-export') return 'It is ready to download in Settings.';
  const added = addedCount(result);
  if (added === null) return null;
  const noun = kind.startsWith('ad-discovery:') || kind.startsWith('tiktok-discovery:') ? 'ad' : 'insight';
  return `${added} new ${added === 1 ? noun : `${noun}s`} added.`;
}

/**
 * Tells in the bell that a discovery, import or export ended, and how: a brand's work to whoever
 * may see the brand (not only the person who started it), an export to that person alone. Work on
 * a brand that is gone, and kinds of work the bell does not know, are left out. Safe to call again
 * for the same task.
 */
export async function notifyTaskFinished(db: Database, task: FinishedTask): Promise<void> {
  const known = taskKinds[task.kind];
  if (!known || (task.status !== 'completed' && task.status !== 'failed')) return;
  let subject: Subject | null = null;
  if (known.subject !== 'none') {
    subject = task.subjectId ? await subjectOf(db, known.subject, task.subjectId) : null;
    if (!subject) return;
  }
  const about = subject ? ` for ${subject.name}` : '';
  const completed = task.status === 'completed';
  const verb = task.kind === 'account-export' ? (completed ? 'is ready' : 'failed') : completed ? 'finished' : 'failed';
  await recordNotification(db, {
    brandId: subject?.brandId ?? null,
    userId: subject?.brandOwnerId ?? task.userId,
    kind: `${task.kind}:${task.status}`,
    subjectId: task.id,
    title: `${known.what}${about} ${verb}`,
    body: completed ? completedBody(task.kind, task.result) : (task.error ?? null),
    link: known.link,
  });
}
