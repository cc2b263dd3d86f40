/**
 * Scheduled reports with two worker processes on one PostgreSQL database, as production runs
 * them (`npm run worker` twice): a report due now reaches each recipient exactly once, also when
 * one worker is killed while the report's messages are being sent, and no message is lost when a
 * worker is killed in the middle of a batch at full speed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client.ts';
import { brands, users } from '../../src/server/db/schema/index.ts';
import { SMTP_MAX_CONNECTIONS } from '../../src/server/emails/smtp-limits.ts';
import { sendDueEmailReports } from '../../src/server/jobs/definitions/send-due-email-reports.ts';
import { createJobQueue, type JobQueue } from '../../src/server/jobs/queue.ts';
import { type SmtpDouble, startSmtpDouble } from '../doubles/smtp.ts';
import { createPostgresDatabase, dropPostgresDatabase, testDatabaseUrl } from '../helpers/database.ts';
import { waitFor } from '../helpers/jobs.ts';
import { seedCompletedAuditOf } from '../helpers/seed.ts';
import { runsOf, scheduledMessagesOf, seedEmailReport } from '../helpers/seed-email-reports.ts';
import { buildWorkerIfStale, startWorkerProcess, type WorkerProcess } from '../helpers/worker-processes.ts';

const OWNER = 'two-workers@example.com';

describe.skipIf(!testDatabaseUrl)(
  'scheduled reports with two worker processes on PostgreSQL (skipped on PGlite, which one process alone may open: set TEST_DATABASE_URL)',
  () => {
    let smtp: SmtpDouble;
    let database: DatabaseHandle;
    let databaseName: string;
    let queue: JobQueue;
    let dataDir: string;
    let workers: WorkerProcess[] = [];
    let brand: { id: string; userId: string };
    let env: Record<string, string>;

    beforeAll(async () => {
      buildWorkerIfStale();
      smtp = await startSmtpDouble();
      const created = await createPostgresDatabase();
      databaseName = created.name;
      database = await openDatabase({ databaseUrl: created.url });
      await database.migrate();
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brandlens-workers-'));
      env = {
        DATABASE_URL: created.url,
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Brandlens <reports@brandlens.test>',
        DATA_DIR: dataDir,
        SESSION_SECRET: 'a-test-secret-of-at-least-32-characters!!',
        PUBLIC_URL: 'http://localhost:5000',
      };
      workers = await Promise.all([startWorkerProcess(env), startWorkerProcess(env)]);
      // This process only sends the minute's job, as pg-boss's cron does: the workers work it.
      queue = createJobQueue({ database, logger: pino({ level: 'silent' }) });
      await queue.start();
      const [owner] = await database.db.insert(users).values({ email: OWNER }).returning();
      const [row] = await database.db
        .insert(brands)
        .values({ userId: owner!.id, name: 'Two Workers Coffee', websiteUrl: 'https://example.com' })
        .returning();
      brand = row!;
      await seedCompletedAuditOf(database, brand);
    }, 180_000);

    afterAll(async () => {
      await Promise.allSettled(workers.map((worker) => worker.kill()));
      await queue?.stop({ graceful: false });
      await database?.close();
      if (databaseName) await dropPostgresDatabase(databaseName);
      await smtp?.close();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    /** Two runs of the minute's job at once (distinct keys, so both are queued), one per worker or both in one. */
    async function triggerTwice() {
      await queue.send(sendDueEmailReports, {}, { singletonKey: `test-${crypto.randomUUID()}` });
      await queue.send(sendDueEmailReports, {}, { singletonKey: `test-${crypto.randomUUID()}` });
    }

    async function allSent(reportId: string, count: number) {
      return waitFor(
        () => scheduledMessagesOf(database, reportId),
        (rows) => rows.length === count && rows.every((row) => row.status === 'sent'),
        { what: `${count} messages of report ${reportId} to be sent`, timeoutMs: 150_000, intervalMs: 250 },
      );
    }

    const received = (address: string) => smtp.messages.filter((message) => message.envelope.to.includes(address));

    it('sends a report due now exactly once to each recipient', async () => {
      const recipients = ['first@example.com', 'second@example.com', 'third@example.com'];
      const report = await seedEmailReport(database, OWNER, {
        brandId: brand.id,
        recipients,
        includeModules: { brandAudit: true, consumerInsights: false, competitorTracking: false },
      });
      await triggerTwice();
      await allSent(report.id, 3);
      await smtp.waitForMessages(3);
      for (const recipient of recipients) expect(received(recipient)).toHaveLength(1);
      expect(await runsOf(database, report.id)).toHaveLength(1);
    }, 180_000);

    it('still sends exactly once to each recipient when a worker is killed mid-send', async () => {
      const recipients = ['kill-one@example.com', 'kill-two@example.com', 'kill-three@example.com'];
      const report = await seedEmailReport(database, OWNER, {
        brandId: brand.id,
        recipients,
        includeModules: { brandAudit: true, consumerInsights: false, competitorTracking: false },
      });
      // The mail server refuses the first attempts, so the messages are being retried when the kill comes.
      const attemptsBefore = smtp.attempts;
      smtp.refuseNext(3);
      await triggerTwice();
      await waitFor(
        async () => smtp.attempts,
        (attempts) => attempts > attemptsBefore,
        { what: 'a first delivery attempt', timeoutMs: 60_000, intervalMs: 20 },
      );
      const [victim, survivor] = workers;
      await victim!.kill();
      await allSent(report.id, 3);
      for (const recipient of recipients) expect(received(recipient)).toHaveLength(1);
      expect(await runsOf(database, report.id)).toHaveLength(1);
      expect(survivor!.child.exitCode).toBeNull();
      const [owner] = await database.db.select().from(users).where(eq(users.email, OWNER));
      expect(owner).toBeDefined();
    }, 240_000);

    it('loses no message when a worker is killed in the middle of a batch', async () => {
      workers.push(await startWorkerProcess(env));
      const [victim, survivor] = workers.filter((worker) => worker.child.exitCode === null && !worker.child.signalCode);
      const recipients = Array.from({ length: 60 }, (_, index) => `batch-${index + 1}@example.com`);
      const report = await seedEmailReport(database, OWNER, {
        brandId: brand.id,
        recipients,
        includeModules: { brandAudit: false, consumerInsights: false, competitorTracking: false },
      });
      const before = smtp.messages.length;
      await triggerTwice();
      await waitFor(
        async () => smtp.messages.length - before,
        (arrived) => arrived >= 5,
        { what: 'the first messages of the batch', timeoutMs: 120_000, intervalMs: 5 },
      );
      await victim!.kill();
      await allSent(report.id, recipients.length);
      for (const recipient of recipients) expect(received(recipient).length).toBeGreaterThanOrEqual(1);
      // A message the killed worker had handed to SMTP but not yet marked sent goes again (decision
      // 0011): as the same message, and never more of them than one process sends at a time.
      const copies = smtp.messages.length - before - recipients.length;
      expect(copies).toBeLessThanOrEqual(SMTP_MAX_CONNECTIONS);
      for (const recipient of recipients) {
        expect(new Set(received(recipient).map((message) => message.parsed.messageId)).size).toBe(1);
      }
      expect(await runsOf(database, report.id)).toHaveLength(1);
      expect(survivor!.child.exitCode).toBeNull();
    }, 240_000);
  },
);
