import { runDemoClock } from '../../features/billing/confirm-demo-checkout.ts';
import { createDemoBilling } from '../../integrations/demo-billing/demo-billing.ts';
import type { JobDependencies, JobHandler } from '../define-job.ts';
import type { JobQueue } from '../queue.ts';
import type { advanceDemoBilling } from './advance-demo-billing.ts';

export function createAdvanceDemoBillingHandler(
  deps: JobDependencies,
  queue: JobQueue,
): JobHandler<typeof advanceDemoBilling> {
  const provider = createDemoBilling(deps.database.db);
  return async () => runDemoClock({ db: deps.database.db, config: deps.config, queue, logger: deps.logger, provider });
}
