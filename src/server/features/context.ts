import type { AiLogger, AiWriter } from '../ai/provider.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Authenticator } from '../http/authenticate.ts';
import type { BillingProvider } from '../integrations/billing-provider.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { UploadStorage } from './uploads/storage.ts';

/** What routes and actions are given; actions take `{ actor, input }` besides it, never the request. */
export type FeatureContext = {
  db: Database;
  config: Config;
  auth: Authenticator;
  uploads: UploadStorage;
  /** null when the app runs without background jobs (some API tests) */
  queue: JobQueue | null;
  /** null when no language model is configured: the local engine writes everything */
  ai: AiWriter | null;
  logger: AiLogger;
  /** Stripe, or demo billing outside production; null when payments are not configured */
  billing: BillingProvider | null;
};
