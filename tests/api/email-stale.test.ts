import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { outboxMessages } from '../../src/server/db/schema/index.ts';
import {
  failEmailsWhoseJobFailed,
  STALE_EMAIL_REASON,
} from '../../src/server/jobs/definitions/fail-stale-emails.handler.ts';
import { sendEmailJob } from '../../src/server/jobs/definitions/send-email.ts';
import { createJobQueue } from '../../src/server/jobs/queue.ts';
import { createTestDatabase } from '../helpers/database.ts';

describe('a message whose send job has no attempt left', () => {
  it('is failed with a reason at the next sweep, while one whose job still runs is left alone', async () => {
    const database = await createTestDatabase();
    const queue = createJobQueue({ database, logger: pino({ level: 'silent' }) });
    await queue.start();
    try {
      const message = (key: string) => ({
        idempotencyKey: key,
        kind: 'test-brand-report',
        recipients: ['reader@example.com'],
        status: 'sending' as const,
      });
      const [dead, running] = await database.db
        .insert(outboxMessages)
        .values([message('dead'), message('running')])
        .returning();
      const deadJob = await queue.send(sendEmailJob, { messageId: dead!.id });
      await queue.send(sendEmailJob, { messageId: running!.id });
      // pg-boss failed it for good: its last attempt's worker died and the lease lapsed.
      await database.executeSql(`update pgboss.job set state = 'failed' where id = $1`, [deadJob]);

      expect(await failEmailsWhoseJobFailed(database.db)).toBe(1);
      const rows = await database.db.select().from(outboxMessages);
      const byId = new Map(rows.map((row) => [row.id, row]));
      expect(byId.get(dead!.id)).toMatchObject({ status: 'failed', lastError: STALE_EMAIL_REASON });
      expect(byId.get(running!.id)).toMatchObject({ status: 'sending' });
      expect(await failEmailsWhoseJobFailed(database.db)).toBe(0);
      const [again] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.id, dead!.id));
      expect(again?.status).toBe('failed');
    } finally {
      await queue.stop({ graceful: false });
      await database.close();
    }
  });
});
