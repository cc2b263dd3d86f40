import { z } from 'zod';
import { defineJob } from '../define-job.ts';

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
