import { z } from 'zod';
import { defineJob } from '../define-job.ts';

/**
 * Every few seconds (DUE_REPORTS_CHECK_SECONDS, sent by every process that works jobs; the
 * minute's cron is a backstop): claims the scheduled e-mail reports that are due and queues their messages, queues
 * the runs whose fresh analysis is done (or out of time), and records finished runs on their
 * reports. Exactly-once comes from the database claim (features/email-reports/claim-due-reports.ts),
 * not from this job running once: two processes may run it at the same minute and send nothing twice.
 * One queued-or-running job at a time (exclusive), so a slow minute does not pile runs up behind it.
 */
export const sendDueEmailReports = defineJob({
  name: 'send-due-email-reports',
  payload: z.object({}),
  retryLimit: 2,
  retryDelay: 10,
  retryBackoff: true,
  // A fresh analysis generates reports while it claims; 10 minutes is a hung run.
  expireInSeconds: 600,
  heartbeatSeconds: 30,
  policy: 'exclusive',
  singletonKey: () => 'send-due-email-reports',
});

export const SEND_DUE_EMAIL_REPORTS_CRON = '* * * * *';
/**
 * How often each process sends the job: a report due at a whole minute is claimed within a
 * quarter second to 5 seconds of it (pg-boss checks cron schedules only every 30 seconds).
 */
export const DUE_REPORTS_CHECK_SECONDS = 5;
/** How often an idle worker looks for it: the claim starts within a second of the send. */
export const DUE_REPORTS_POLLING_SECONDS = 1;
