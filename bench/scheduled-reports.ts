/**
 * Scheduled e-mail reports at volume, as production sends them: reports due at the coming whole
 * minute, one recipient each, found, claimed, queued and sent by two worker processes
 * (`npm run worker`: dist/server/worker.js) on one PostgreSQL database, to the SMTP double.
 * Nothing here triggers the claim: the workers find the due reports on their own (every
 * DUE_REPORTS_CHECK_SECONDS), so the figures include that wait.
 * - 200 reports: seconds from the due minute to the first and to the last delivery
 *   (targets: first ≤ 10 s, last ≤ 60 s);
 * - 1,000 reports: seconds from the due minute to the last delivery (target ≤ 120 s), and how many
 *   recipients got more than one message (target 0).
 * The reports carry no module, so the figures are the scheduler's and the outbox's, not the PDF
 * renderers' (bench/audit-fixture.ts and the report benches time those).
 * Needs PostgreSQL: TEST_DATABASE_URL, else BENCH_POSTGRES_URL, else 127.0.0.1:5432 (it creates and
 * drops its own databases). Run alone: node bench/scheduled-reports.ts (Node 24)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.ts';
import { emailReports, outboxMessages, users } from '../src/server/db/schema/index.ts';
import { startSmtpDouble } from '../tests/doubles/smtp.ts';
import { createPostgresDatabase, dropPostgresDatabase, testDatabaseUrl } from '../tests/helpers/database.ts';
import { waitFor } from '../tests/helpers/jobs.ts';
import { buildWorkerIfStale, startWorkerProcess, type WorkerProcess } from '../tests/helpers/worker-processes.ts';

const WORKERS = 2;
/** PostgreSQL that the bench creates its databases on, as bench/api-overhead.ts. */
const ADMIN_URL = testDatabaseUrl ?? process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** A due minute closer than this is skipped for the next: seeding and starting must be done by then. */
const LEAD_MS = 20_000;

export type DueBatchFigures = {
  reports: number;
  /** seconds from the due minute to the first and the last delivery */
  firstS: number;
  lastS: number;
  /** recipients that received more than one message */
  duplicates: number;
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The next whole minute at least LEAD_MS away. */
function nextDueMinute(): Date {
  const minute = 60_000;
  return new Date(Math.ceil((Date.now() + LEAD_MS) / minute) * minute);
}

/** Seeds `reports` reports due at the coming minute, lets two workers send them, and times it. */
export async function measureDueBatch(reports: number): Promise<DueBatchFigures> {
  buildWorkerIfStale();
  const smtp = await startSmtpDouble();
  const created = await createPostgresDatabase(ADMIN_URL, 'brandlens_bench');
  const database = await openDatabase({ databaseUrl: created.url });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brandlens-bench-reports-'));
  let workers: WorkerProcess[] = [];
  try {
    await database.migrate();
    const env = {
      DATABASE_URL: created.url,
      SMTP_URL: smtp.url,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'a-bench-secret-of-at-least-32-characters!!',
      PUBLIC_URL: 'http://localhost:5000',
      LOG_LEVEL: 'warn',
    };
    // Started first: the workers create the queues and their schedules.
    workers = await Promise.all(
      Array.from({ length: WORKERS }, () => startWorkerProcess({ ...env, LOG_LEVEL: 'info' })),
    );
    const due = nextDueMinute();
    const [owner] = await database.db.insert(users).values({ email: 'bench-owner@example.com' }).returning();
    const rows = Array.from({ length: reports }, (_, i) => ({
      userId: owner!.id,
      name: `Bench report ${i + 1}`,
      frequency: 'daily' as const,
      timeOfDay: `${String(due.getUTCHours()).padStart(2, '0')}:${String(due.getUTCMinutes()).padStart(2, '0')}`,
      timezone: 'UTC',
      recipients: [`reader-${i + 1}@example.com`],
      includeModules: { brandAudit: false, consumerInsights: false, competitorTracking: false },
      nextScheduled: due,
    }));
    for (let start = 0; start < rows.length; start += 500) {
      await database.db.insert(emailReports).values(rows.slice(start, start + 500));
    }
    if (Date.now() >= due.getTime()) throw new Error('seeding took past the due minute; raise LEAD_MS');
    await smtp.waitForMessages(reports, Math.max(0, due.getTime() - Date.now()) + 900_000);
    await waitFor(
      async () =>
        (await database.db.select({ n: count() }).from(outboxMessages).where(eq(outboxMessages.status, 'sent')))[0]
          ?.n ?? 0,
      (sent) => sent >= reports,
      { what: 'every message to be marked sent', timeoutMs: 120_000, intervalMs: 100 },
    );
    // Late duplicates would arrive after the last first copy: give them a moment.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const perRecipient = new Map<string, number>();
    for (const message of smtp.messages) {
      for (const to of message.envelope.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    }
    const times = smtp.messages.map((message) => message.receivedAt.getTime() - due.getTime());
    return {
      reports,
      firstS: Math.min(...times) / 1000,
      lastS: Math.max(...times) / 1000,
      duplicates: [...perRecipient.values()].filter((n) => n > 1).length,
    };
  } finally {
    await Promise.allSettled(workers.map((worker) => worker.stop()));
    await database.close();
    await dropPostgresDatabase(created.name, ADMIN_URL);
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export type ScheduledReportFigures = { small: DueBatchFigures; large: DueBatchFigures };

export async function measureScheduledReports(): Promise<ScheduledReportFigures> {
  console.log(`\nScheduled e-mail reports due at a whole minute, one recipient each, ${WORKERS} worker processes`);
  const small = await measureDueBatch(200);
  console.log(
    `  200 reports:   first delivery ${seconds(small.firstS * 1000)} after the due minute (target ≤ 10 s), last ${seconds(small.lastS * 1000)} (target ≤ 60 s); recipients with more than one message: ${small.duplicates}`,
  );
  const large = await measureDueBatch(1_000);
  console.log(
    `  1,000 reports: first delivery ${seconds(large.firstS * 1000)}, last ${seconds(large.lastS * 1000)} after the due minute (target ≤ 120 s); ${Math.round(large.reports / large.lastS)} messages/s; recipients with more than one message: ${large.duplicates} (target 0)`,
  );
  return { small, large };
}

if (import.meta.main) await measureScheduledReports();
