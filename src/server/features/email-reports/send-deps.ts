import type { QueueEmailDeps } from '../../emails/queue-email.ts';
import type { JobLogger } from '../../jobs/define-job.ts';

/** What claiming and queueing scheduled reports needs; the send job and the routes have it. */
export type SendReportsDeps = QueueEmailDeps & { logger: JobLogger };
