/**
 * Scheduled e-mail reports at volume: 1,000 reports due at once, one recipient each, claimed,
 * queued and sent by two worker processes (`npm run worker`) on one PostgreSQL database to the
 * SMTP double. Prints the time until every run is claimed and queued, until every message is
 * delivered, and how many messages arrived per recipient (1 each, or the claim is broken).
 * The reports carry no module, so the figures are the scheduler's and the outbox's, not the PDF
 * renderers' (bench/audit-fixture.ts and the report benches time those). Delivery is bounded by
 * the send-email queue's polling: each worker takes one job per concurrency slot per poll (2 s).
 * Needs TEST_DATABASE_URL. Run alone: npx tsx bench/scheduled-reports.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { openDatabase } from '../src/server/db/client.ts';
import { emailReportRuns, emailReports, outboxMessages, users } from '../src/server/db/schema/index.ts';
import { sendDueEmailReports } from '../src/server/jobs/definitions/send-due-email-reports.ts';
import { createJobQueue } from '../src/server/jobs/queue.ts';
import { startSmtpDouble } from '../tests/doubles/smtp.ts';
import { createPostgresDatabase, dropPostgresDatabase, testDatabaseUrl } from '../tests/helpers/database.ts';
import { waitFor } from '../tests/helpers/jobs.ts';
import { buildWorkerIfStale, startWorkerProcess, type WorkerProcess } from '../tests/helpers/worker-processes.ts';

const REPORTS = 1_000;
const WORKERS = 2;

export async function measureScheduledReports(): Promise<void> {
  console.log(`\nScheduled e-mail reports: ${REPORTS} due at once, ${WORKERS} worker processes`);
  if (!testDatabaseUrl) {
    console.log('  skipped: needs PostgreSQL (TEST_DATABASE_URL); the embedded database is one process only');
    return;
  }
  buildWorkerIfStale();
  const smtp = await startSmtpDouble();
  const created = await createPostgresDatabase(testDatabaseUrl, 'brandlens_bench');
  const database = await openDatabase({ databaseUrl: created.url });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brandlens-bench-reports-'));
  let workers: WorkerProcess[] = [];
  const queue = createJobQueue({ database, logger: pino({ level: 'silent' }) });
  try {
    await database.migrate();
    const [owner] = await database.db.insert(users).values({ email: 'bench-owner@example.com' }).returning();
    const due = new Date(Date.now() - 60_000);
    const rows = Array.from({ length: REPORTS }, (_, i) => ({
      userId: owner!.id,
      name: `Bench report ${i + 1}`,
      frequency: 'daily' as const,
      recipients: [`reader-${i + 1}@example.com`],
      includeModules: { brandAudit: false, consumerInsights: false, competitorTracking: false },
      nextScheduled: due,
    }));
    for (let start = 0; start < rows.length; start += 500) {
      await database.db.insert(emailReports).values(rows.slice(start, start + 500));
    }
    const env = {
      DATABASE_URL: created.url,
      SMTP_URL: smtp.url,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'a-bench-secret-of-at-least-32-characters!!',
      PUBLIC_URL: 'http://localhost:5000',
      LOG_LEVEL: 'info',
    };
    workers = await Promise.all(Array.from({ length: WORKERS }, () => startWorkerProcess(env)));
    await queue.start();

    const started = performance.now();
    // The minute's job, twice at once, as two processes' crons could send it.
    await queue.send(sendDueEmailReports, {}, { singletonKey: 'bench-a' });
    await queue.send(sendDueEmailReports, {}, { singletonKey: 'bench-b' });
    await waitFor(
      async () =>
        // queued, or already settled by a later minute's job
        (
          await database.db
            .select({ n: count() })
            .from(emailReportRuns)
            .where(inArray(emailReportRuns.status, ['queued', 'sent', 'failed']))
        )[0]?.n ?? 0,
      (queued) => queued >= REPORTS,
      { what: 'every run to be queued', timeoutMs: 600_000, intervalMs: 100 },
    );
    const queuedMs = performance.now() - started;
    await smtp.waitForMessages(REPORTS, 900_000);
    await waitFor(
      async () =>
        (await database.db.select({ n: count() }).from(outboxMessages).where(eq(outboxMessages.status, 'sent')))[0]
          ?.n ?? 0,
      (sent) => sent >= REPORTS,
      { what: 'every message to be marked sent', timeoutMs: 120_000, intervalMs: 100 },
    );
    const sentMs = performance.now() - started;
    const perRecipient = new Map<string, number>();
    for (const message of smtp.messages) {
      for (const to of message.envelope.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    }
    const duplicates = [...perRecipient.values()].filter((n) => n > 1).length;
    const [runs] = await database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(emailReportRuns);
    console.log(
      `  claimed and queued: ${(queuedMs / 1000).toFixed(1)} s (${Math.round(REPORTS / (queuedMs / 1000))} reports/s)`,
    );
    console.log(
      `  all delivered:      ${(sentMs / 1000).toFixed(1)} s (${Math.round(REPORTS / (sentMs / 1000))} messages/s)`,
    );
    console.log(
      `  runs: ${runs?.n}; recipients reached: ${perRecipient.size}; with more than one message: ${duplicates}`,
    );
  } finally {
    await Promise.allSettled(workers.map((worker) => worker.stop()));
    await queue.stop({ graceful: false }).catch(() => {});
    await database.close();
    await dropPostgresDatabase(created.name, testDatabaseUrl);
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) await measureScheduledReports();
