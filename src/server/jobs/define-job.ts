import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Resolver } from '../analysis/fetch/safe-fetch.ts';
import type { ChromiumBinary } from '../analysis/render/chromium.ts';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';

/** Payloads are stored as JSON: describe plain data (no transforms, no Dates). */
export type JobPayloadSchema = z.ZodType<Record<string, unknown>>;

/**
 * pg-boss queue policies that a definition may choose (see pg-boss `QueuePolicy`).
 * - standard: every send is queued.
 * - short: one queued job per singleton key.
 * - singleton: one active job per singleton key.
 * - stately: one queued and one active job per singleton key.
 * - exclusive: one queued-or-active job per singleton key.
 * A queue keeps the policy it was created with; changing it needs a new job name.
 */
export type JobPolicy = 'standard' | 'short' | 'singleton' | 'stately' | 'exclusive';

export type JobDefinitionOptions<TSchema extends JobPayloadSchema> = {
  /** Queue name: letters, digits, `_`, `-`, `.` and `/`. */
  name: string;
  payload: TSchema;
  /** Attempts after the first one before the job is marked failed. */
  retryLimit: number;
  /** Seconds before a retry (the base delay when retryBackoff is on). */
  retryDelay: number;
  /** Exponential backoff from retryDelay. */
  retryBackoff: boolean;
  /** Seconds an attempt may run before it is failed (and retried while attempts remain). */
  expireInSeconds: number;
  /**
   * The attempt's lease (pg-boss heartbeat), at least 10 s: the worker renews it every half of this
   * while the handler runs, and any process's supervisor retries an attempt whose lease lapsed (its
   * worker died) instead of waiting for expireInSeconds. Unset: only the expiry catches a dead worker.
   */
  heartbeatSeconds?: number;
  policy?: JobPolicy;
  /**
   * Groups jobs for the policy: e.g. one key per report so it is never sent twice.
   * (Method syntax on purpose: it keeps a concrete definition assignable to JobDefinition.)
   */
  singletonKey?(payload: z.output<TSchema>): string;
};

export type JobDefinition<TSchema extends JobPayloadSchema = JobPayloadSchema> = Readonly<
  JobDefinitionOptions<TSchema> & { policy: JobPolicy }
>;

/** What a handler receives (after validation). */
export type JobPayload<TDefinition extends JobDefinition> = z.output<TDefinition['payload']>;
/** What send() and schedule() accept (before validation and defaults). */
export type JobPayloadInput<TDefinition extends JobDefinition> = z.input<TDefinition['payload']>;

/** pino, or anything with the same methods (Fastify's logger). */
export type JobLogger = Pick<Logger, 'debug' | 'info' | 'warn' | 'error'> & {
  child(bindings: Record<string, unknown>): JobLogger;
};

export type JobContext = {
  jobId: string;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
  /** True when a failure now marks the job failed instead of retrying it. */
  isFinalAttempt: boolean;
  /** Aborted when the attempt expires or the queue shuts down. */
  signal: AbortSignal;
  /** Bound to the job's name and id. */
  logger: JobLogger;
};

/** Stored as the job's output; keep it small. */
export type JobOutput = Record<string, unknown>;

export type JobHandler<TDefinition extends JobDefinition> = (
  payload: JobPayload<TDefinition>,
  context: JobContext,
) => Promise<JobOutput | undefined>;

/** What every handler factory in definitions/<job>.handler.ts receives. */
export type JobDependencies = {
  database: DatabaseHandle;
  logger: JobLogger;
  config: Config;
  /** Tests only: how the crawler resolves host names (a name that points at a private address). */
  crawlResolver?: Resolver;
  /** Tests only: the browser audits render pages with; null stands for a server without one. */
  renderChromium?: ChromiumBinary | null;
};

const JOB_NAME = /^[\w.\-/]+$/;
/** pg-boss refuses shorter heartbeats. */
export const MIN_HEARTBEAT_SECONDS = 10;

export function defineJob<TSchema extends JobPayloadSchema>(
  options: JobDefinitionOptions<TSchema>,
): JobDefinition<TSchema> {
  if (!JOB_NAME.test(options.name)) {
    throw new Error(`Job name "${options.name}" may only contain letters, digits, _, -, . and /`);
  }
  assertInteger(options.name, 'retryLimit', options.retryLimit, 0);
  assertInteger(options.name, 'retryDelay', options.retryDelay, 0);
  assertInteger(options.name, 'expireInSeconds', options.expireInSeconds, 1);
  if (options.heartbeatSeconds !== undefined) {
    assertInteger(options.name, 'heartbeatSeconds', options.heartbeatSeconds, MIN_HEARTBEAT_SECONDS);
  }
  return Object.freeze({ ...options, policy: options.policy ?? 'standard' });
}

function assertInteger(job: string, field: string, value: number, minimum: number) {
  if (!Number.isInteger(value) || value < minimum) {
    throw new Error(`Job "${job}": ${field} must be an integer of at least ${minimum}`);
  }
}
