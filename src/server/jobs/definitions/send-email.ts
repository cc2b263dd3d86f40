import { z } from 'zod';
import { SMTP_MAX_CONNECTIONS } from '../../emails/smtp-limits.ts';
import { defineJob } from '../define-job.ts';
import type { WorkJobOptions } from '../queue.ts';

/**
 * Composes and sends one outbox message (src/server/emails). `messageId` is the outbox row's id.
 * One queued-or-running job per message (exclusive), so a message is never worked twice at once.
 * Retries back off exponentially from 1 s, doubling with jitter (1-2 s, 2-4 s, ... 512-1024 s):
 * ten retries span about 17 to 34 minutes, enough to ride out a mail server that is restarting or
 * greylisting, while a passing fault costs the reader only seconds.
 */
export const sendEmailJob = defineJob({
  name: 'send-email',
  payload: z.object({ messageId: z.uuid() }),
  retryLimit: 10,
  retryDelay: 1,
  retryBackoff: true,
  // Composing may render a PDF; SMTP timeouts are 30-60 s. An attempt still running after 3 minutes is hung.
  expireInSeconds: 180,
  heartbeatSeconds: 30,
  policy: 'exclusive',
  singletonKey: ({ messageId }) => messageId,
});

/**
 * How a process works send-email: two workers fetching 4 jobs at once and sending them side by
 * side, so at most 8 messages are composed and sent at a time per process (the SMTP pool's
 * connections: emails/smtp-limits.ts). A full fetch fetches again at once, so a backlog drains
 * without waiting for polls; an idle worker looks every second, so a message queued alone goes
 * out within about a second.
 */
export const SEND_EMAIL_WORK = {
  concurrency: 2,
  batchSize: SMTP_MAX_CONNECTIONS / 2,
  pollingIntervalSeconds: 1,
} satisfies WorkJobOptions;
