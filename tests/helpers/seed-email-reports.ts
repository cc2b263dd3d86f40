import { eq } from 'drizzle-orm';
import pino from 'pino';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { emailReportRuns, emailReports, outboxMessages, users } from '../../src/server/db/schema/index.ts';
import type { ClaimDeps } from '../../src/server/features/email-reports/claim-due-reports.ts';
import { createUploadStorage } from '../../src/server/features/uploads/storage.ts';
import { fileStoreOf } from '../../src/server/storage/create-file-store.ts';
import type { WorkingTestApp } from './jobs.ts';

type ReportInsert = typeof emailReports.$inferInsert;

/** A scheduled report of an existing user (sign in first), stored directly, due a minute ago unless told. */
export async function seedEmailReport(
  database: DatabaseHandle,
  ownerEmail: string,
  values: Partial<Omit<ReportInsert, 'userId'>> = {},
) {
  const [owner] = await database.db.select().from(users).where(eq(users.email, ownerEmail));
  if (!owner) throw new Error(`no user ${ownerEmail}: sign in first`);
  const [report] = await database.db
    .insert(emailReports)
    .values({
      userId: owner.id,
      name: 'Weekly brand report',
      frequency: 'weekly',
      dayOfWeek: 1,
      timeOfDay: '09:00',
      timezone: 'Europe/London',
      recipients: [ownerEmail],
      nextScheduled: new Date(Date.now() - 60_000),
      ...values,
    })
    .returning();
  return report!;
}

/** What the send job gives the claim: the app's database, queue and configuration. */
export function claimDepsOf(target: WorkingTestApp): ClaimDeps {
  return {
    db: target.database.db,
    config: target.config,
    queue: target.queue,
    logger: pino({ level: 'silent' }),
    ai: null,
    uploads: createUploadStorage(fileStoreOf(target.config)),
  };
}

export async function reportRow(database: DatabaseHandle, id: string) {
  const [row] = await database.db.select().from(emailReports).where(eq(emailReports.id, id));
  return row!;
}

export async function runsOf(database: DatabaseHandle, reportId: string) {
  return database.db.select().from(emailReportRuns).where(eq(emailReportRuns.emailReportId, reportId));
}

/** The outbox rows of a report's scheduled e-mails. */
export async function scheduledMessagesOf(database: DatabaseHandle, reportId: string) {
  const runs = await runsOf(database, reportId);
  const ids = new Set(runs.map((run) => run.id));
  const rows = await database.db.select().from(outboxMessages).where(eq(outboxMessages.kind, 'scheduled-report'));
  return rows.filter((row) => ids.has(String(row.params.runId)));
}
