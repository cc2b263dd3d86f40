import { paymentsNotConfiguredMessage } from '../../../shared/schemas/billing.ts';
import type { AiLogger } from '../../ai/provider.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { type BillingProvider, BillingProviderError } from '../../integrations/billing-provider.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { FeatureContext } from '../context.ts';

/** What keeping billing in step needs: a request's context has it, and so does the demo clock's job. */
export type BillingDeps = {
  db: Database;
  config: Config;
  queue: JobQueue | null;
  logger: AiLogger;
  provider: BillingProvider;
};

/** The configured provider, or the refusal a server without payments gives. */
export function billingDepsOf(ctx: FeatureContext): BillingDeps {
  if (!ctx.billing) throw new AppError('not_configured', paymentsNotConfiguredMessage);
  return { db: ctx.db, config: ctx.config, queue: ctx.queue, logger: ctx.logger, provider: ctx.billing };
}

/**
 * A provider call whose failure the user reads: unreachable or slow becomes a 502 that says to try
 * again (safe: every request carries an idempotency key); a refusal keeps the provider's words.
 */
export async function fromProvider<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof BillingProviderError) throw new AppError('upstream_failed', error.message);
    throw error;
  }
}
