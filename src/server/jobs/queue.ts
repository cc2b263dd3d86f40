import type { ConstructorOptions, Db, JobResult, JobWithMetadata } from 'pg-boss';
import { PgBoss } from 'pg-boss';
import type { DatabaseHandle } from '../db/client.ts';
import { databaseOutage } from '../db/outage.ts';
import type { JobContext, JobDefinition, JobHandler, JobLogger, JobPayload, JobPayloadInput } from './define-job.ts';
import { createRepeats } from './repeats.ts';
import { resumeInterruptedJobs } from './resume-interrupted.ts';

/** pg-boss keeps its tables in this schema, beside the app's own tables. */
export const JOB_SCHEMA = 'pgboss';
/** pg-boss refuses faster polling. */
export const MIN_POLLING_INTERVAL_SECONDS = 0.5;
const DEFAULT_POLLING_INTERVAL_SECONDS = 2;
/**
 * On PostgreSQL (several processes) the supervisor looks for lapsed leases this often, so a job
 * whose worker died is retried within its heartbeat plus this. Embedded mode keeps pg-boss's 60 s:
 * there a dead worker is a dead process, and the next start resumes its jobs at once.
 */
const POSTGRES_SUPERVISE_INTERVAL_SECONDS = 5;

export type JobQueueOptions = {
  database: DatabaseHandle;
  logger: JobLogger;
  /** How often an idle worker looks for jobs; at least 0.5 s, 2 s by default. */
  pollingIntervalSeconds?: number;
  /**
   * How often pg-boss looks for attempts whose lease lapsed or whose time expired (a worker that
   * died mid-job) and sends them back for retry: 5 s on PostgreSQL, pg-boss's 60 s on PGlite,
   * unless set. Tests shorten it.
   */
  superviseIntervalSeconds?: number;
  /**
   * This process is the only one working the database (embedded mode: the directory lock proves
   * it), so jobs still active at start were left by a process that died: they run again at once.
   */
  soleWorker?: boolean;
};

export type StopJobQueueOptions = {
  /** Wait for running handlers (up to timeoutMs) before stopping. Default true. */
  graceful?: boolean;
  /**
   * Default 30 s (at least 1 s: pg-boss's floor). Jobs still running after it are handed back:
   * their attempt fails and they are due again at once, for any process to take.
   */
  timeoutMs?: number;
};

export type SendJobOptions = {
  /** Run no earlier than this time, or this many seconds from now. */
  startAfter?: Date | number;
  /** Higher runs first. */
  priority?: number;
  /** Overrides the definition's singletonKey. */
  singletonKey?: string;
};

export type WorkJobOptions = {
  /** Workers of this kind in this process, each fetching its own batch. Default 1. */
  concurrency?: number;
  /**
   * Jobs each worker fetches at once and runs side by side: this process runs at most
   * concurrency × batchSize of them at a time. While fetches come back full the workers fetch again
   * at once instead of waiting for the next poll. Default 1.
   */
  batchSize?: number;
  /** How often an idle worker of this kind looks for jobs; the queue's interval by default. */
  pollingIntervalSeconds?: number;
};

export type RepeatJobOptions = {
  /**
   * Sends the job every this many seconds, on the clock's multiples of it (a 5-second repeat
   * sends at :00, :05, ... plus a quarter second), so work due at a whole minute is found at once.
   */
  everySeconds: number;
};

export type ScheduleJobOptions = {
  /** Distinguishes several schedules of one job (e.g. one per report). Default: one schedule. */
  key?: string;
  /** Time zone the cron expression is read in. Default UTC. */
  timeZone?: string;
};

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export type JobSnapshot = {
  id: string;
  name: string;
  state: JobState;
  /** 0 until the first retry. */
  retryCount: number;
  data: unknown;
  /** The handler's return value, or the error of the last failed attempt. */
  output: unknown;
  createdOn: Date;
  completedOn: Date | null;
};

export type JobScheduleSnapshot = { name: string; key: string; cron: string; timeZone: string; data: unknown };

export type JobQueue = {
  start(): Promise<void>;
  /**
   * Takes no new jobs from now on; jobs already running go on. Sending still works (requests in
   * flight may queue work) until stop().
   */
  stopTakingJobs(): Promise<void>;
  stop(options?: StopJobQueueOptions): Promise<void>;
  /** Creates the definition's queue (at start, or at once when already started). */
  register(definition: JobDefinition): Promise<void>;
  /** Validates the payload; resolves to the job id, or null when the queue's policy refused a duplicate. */
  send<D extends JobDefinition>(
    definition: D,
    payload: JobPayloadInput<D>,
    options?: SendJobOptions,
  ): Promise<string | null>;
  /** Works the definition's jobs in this process (from start, or at once when already started). */
  work<D extends JobDefinition>(definition: D, handler: JobHandler<D>, options?: WorkJobOptions): Promise<void>;
  /**
   * Sends the job every few seconds while this process takes jobs (from start until
   * stopTakingJobs or stop), for work that must start sooner than a cron schedule's 30-second check
   * allows. Every process that repeats a job sends it: give it a policy that refuses duplicates.
   */
  repeat<D extends JobDefinition>(definition: D, payload: JobPayloadInput<D>, options: RepeatJobOptions): Promise<void>;
  /** Creates or replaces a cron schedule that sends the job with this payload. */
  schedule<D extends JobDefinition>(
    definition: D,
    cron: string,
    payload: JobPayloadInput<D>,
    options?: ScheduleJobOptions,
  ): Promise<void>;
  getJob(definition: JobDefinition, id: string): Promise<JobSnapshot | null>;
  getSchedules(definition?: JobDefinition): Promise<JobScheduleSnapshot[]>;
};

export class JobQueueNotStartedError extends Error {
  constructor(action: string) {
    super(`The job queue must be started before ${action}`);
  }
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { database } = options;
  const logger = options.logger.child({ component: 'jobs' });
  const pollingIntervalSeconds = Math.max(
    MIN_POLLING_INTERVAL_SECONDS,
    options.pollingIntervalSeconds ?? DEFAULT_POLLING_INTERVAL_SECONDS,
  );
  const superviseIntervalSeconds =
    options.superviseIntervalSeconds ??
    (database.kind === 'postgres' ? POSTGRES_SUPERVISE_INTERVAL_SECONDS : undefined);
  const boss = new PgBoss({
    ...pgBossOptions(database),
    // Lapsed leases are found by the monitor pass, which runs when both timers are due.
    ...(superviseIntervalSeconds ? { superviseIntervalSeconds, monitorIntervalSeconds: superviseIntervalSeconds } : {}),
  });
  const outage = databaseOutage(database, logger);
  // While the database is down every poll fails: the outage is logged once, not once per poll.
  boss.on('error', (error) => {
    if (!outage.report(error)) logger.error({ err: error }, 'job queue error');
  });
  boss.on('warning', (warning) => logger.warn({ data: warning.data }, `job queue warning: ${warning.message}`));

  const definitions = new Map<string, JobDefinition>();
  const createdQueues = new Map<string, Promise<void>>();
  /** Work to do once started: workers and schedules asked for before start(). */
  const pending: Array<() => Promise<void>> = [];
  /** Queue names this process works. */
  const workedQueues = new Set<string>();
  /** Jobs whose handler runs in this process now, by id: what a stop at its bound hands back. */
  const runningJobs = new Map<string, string>();
  let state: 'new' | 'starting' | 'started' | 'stopped' = 'new';
  /** repeat()'s timers, stopped when the process stops taking jobs. */
  const repeats = createRepeats({
    isStarted: () => state === 'started',
    onError: (error) => {
      if (!outage.report(error)) logger.error({ err: error }, 'a repeated job could not be sent');
    },
  });

  const createQueue = (definition: JobDefinition): Promise<void> => {
    let created = createdQueues.get(definition.name);
    if (!created) {
      created = boss.createQueue(definition.name, {
        policy: definition.policy,
        ...jobOptionsOf(definition),
      });
      created.catch(() => createdQueues.delete(definition.name));
      createdQueues.set(definition.name, created);
    }
    return created;
  };

  const register = async (definition: JobDefinition): Promise<void> => {
    const known = definitions.get(definition.name);
    if (known && known !== definition) {
      throw new Error(`Two job definitions are named "${definition.name}"`);
    }
    definitions.set(definition.name, definition);
    if (state === 'started') await createQueue(definition);
  };

  const whenStarted = async (action: () => Promise<void>): Promise<void> => {
    if (state === 'started') return action();
    if (state === 'stopped') throw new Error('The job queue has been stopped');
    pending.push(action);
  };

  /** Read through a function: TypeScript keeps narrowing `state` across awaits otherwise. */
  const currentState = () => state;

  const assertStarted = (action: string) => {
    if (state !== 'started') throw new JobQueueNotStartedError(action);
  };

  const runJob = async <D extends JobDefinition>(
    definition: D,
    handler: JobHandler<D>,
    job: JobWithMetadata<unknown>,
  ): Promise<JobResult> => {
    const jobLogger = logger.child({ job: definition.name, jobId: job.id, attempt: job.retryCount + 1 });
    const parsed = definition.payload.safeParse(job.data);
    if (!parsed.success) {
      // Retrying cannot fix the payload: fail for good.
      jobLogger.error({ issues: parsed.error.issues }, 'job payload is invalid; failing without retry');
      return {
        id: job.id,
        status: 'deadletter',
        output: { message: 'Invalid job payload', issues: parsed.error.issues },
      };
    }
    const context: JobContext = {
      jobId: job.id,
      retryCount: job.retryCount,
      retryLimit: job.retryLimit,
      isFinalAttempt: job.retryCount >= job.retryLimit,
      signal: job.signal,
      logger: jobLogger,
    };
    const started = performance.now();
    runningJobs.set(job.id, definition.name);
    try {
      const output = await handler(parsed.data as JobPayload<D>, context);
      jobLogger.debug({ ms: Math.round(performance.now() - started) }, 'job completed');
      return { id: job.id, status: 'completed', output };
    } catch (error) {
      if (context.isFinalAttempt) jobLogger.error({ err: error }, 'job failed');
      else jobLogger.warn({ err: error }, 'job attempt failed; it will be retried');
      return { id: job.id, status: 'failed', output: error };
    } finally {
      // A stop at its bound fails the attempt and then aborts it: the handler may return before the
      // hand-back runs, so an aborted job stays listed for it.
      if (!(state === 'stopped' && job.signal.aborted)) runningJobs.delete(job.id);
    }
  };

  /**
   * pg-boss failed the attempts still running at the stop's bound ("shut down while active"), which
   * makes them wait their retry delay; nothing is gained by waiting, so they are due at once and
   * another process takes them. A job whose attempts are used up stays failed.
   */
  const handBackRunningJobs = async (): Promise<void> => {
    const interrupted = [...runningJobs];
    if (interrupted.length === 0) return;
    let handedBack = 0;
    for (const [id, name] of interrupted) {
      const { updated } = await boss.update(name, undefined, { id, startAfter: new Date() });
      handedBack += updated;
    }
    logger.info(
      { interrupted: interrupted.length, handedBack, jobIds: interrupted.map(([id]) => id) },
      'jobs still running at the shutdown bound were handed back for another process',
    );
  };

  const startWorker = async <D extends JobDefinition>(
    definition: D,
    handler: JobHandler<D>,
    { concurrency, batchSize, polling }: { concurrency: number; batchSize: number; polling: number },
  ) => {
    await createQueue(definition);
    workedQueues.add(definition.name);
    await boss.work(
      definition.name,
      {
        pollingIntervalSeconds: polling,
        includeMetadata: true,
        perJobResults: true,
        batchSize,
        burstWhenBatchFull: batchSize > 1,
        localConcurrency: concurrency,
      },
      async (jobs: JobWithMetadata<unknown>[]) => Promise.all(jobs.map((job) => runJob(definition, handler, job))),
    );
  };

  return {
    async start() {
      if (state !== 'new') throw new Error(`The job queue cannot start: it is ${state}`);
      state = 'starting';
      try {
        await boss.start();
        await Promise.all([...definitions.values()].map(createQueue));
        // Before any worker starts, so none of them is taken for the dead process's.
        if (options.soleWorker)
          await resumeInterruptedJobs(boss, database, JOB_SCHEMA, [...definitions.keys()], logger);
        // stop() may have been called while pg-boss was starting.
        if (currentState() === 'stopped') throw new Error('The job queue was stopped while it was starting');
        state = 'started';
        for (const action of pending.splice(0)) await action();
      } catch (error) {
        state = 'stopped';
        await boss.stop({ graceful: false }).catch(() => {});
        throw error;
      }
      logger.info({ queues: [...definitions.keys()], backend: database.kind }, 'job queue started');
    },

    async stopTakingJobs() {
      if (state !== 'started') return;
      repeats.stop();
      // Without waiting: the workers stop polling now, and stop() waits for their running jobs.
      await Promise.all([...workedQueues].map((name) => boss.offWork(name, { wait: false })));
      logger.info({ queues: [...workedQueues] }, 'job queue takes no new jobs');
    },

    async stop({ graceful = true, timeoutMs = 30_000 } = {}) {
      if (state === 'new' || state === 'stopped') {
        state = 'stopped';
        return;
      }
      state = 'stopped';
      repeats.stop();
      // The pool stays open for the hand-back; close: true then ends only pg-boss's own pool
      // (PostgreSQL): the app closes its database handle itself.
      await boss.stop({ graceful, timeout: timeoutMs, close: false });
      try {
        await handBackRunningJobs();
      } finally {
        await boss.stop({ close: true });
      }
      logger.info('job queue stopped');
    },

    register,

    async send(definition, payload, sendOptions = {}) {
      assertStarted(`sending "${definition.name}"`);
      await register(definition);
      const data = definition.payload.parse(payload);
      const singletonKey = sendOptions.singletonKey ?? definition.singletonKey?.(data);
      return boss.send(definition.name, data, {
        ...jobOptionsOf(definition),
        ...(singletonKey === undefined ? {} : { singletonKey }),
        ...(sendOptions.priority === undefined ? {} : { priority: sendOptions.priority }),
        ...(sendOptions.startAfter === undefined ? {} : { startAfter: sendOptions.startAfter }),
      });
    },

    async work(definition, handler, workOptions = {}) {
      const concurrency = workOptions.concurrency ?? 1;
      const batchSize = workOptions.batchSize ?? 1;
      if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('concurrency must be a positive integer');
      if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error('batchSize must be a positive integer');
      const polling = Math.max(
        MIN_POLLING_INTERVAL_SECONDS,
        workOptions.pollingIntervalSeconds ?? pollingIntervalSeconds,
      );
      await register(definition);
      await whenStarted(() => startWorker(definition, handler, { concurrency, batchSize, polling }));
    },

    async repeat(definition, payload, { everySeconds }) {
      if (!(everySeconds >= 1)) throw new Error('everySeconds must be at least 1');
      await register(definition);
      definition.payload.parse(payload);
      await whenStarted(async () => {
        repeats.start(everySeconds, async () => {
          await this.send(definition, payload);
        });
      });
    },

    async schedule(definition, cron, payload, scheduleOptions = {}) {
      await register(definition);
      const data = definition.payload.parse(payload);
      const singletonKey = definition.singletonKey?.(data);
      await whenStarted(async () => {
        await createQueue(definition);
        await boss.schedule(definition.name, cron, data, {
          tz: scheduleOptions.timeZone ?? 'UTC',
          ...(scheduleOptions.key === undefined ? {} : { key: scheduleOptions.key }),
          ...jobOptionsOf(definition),
          ...(singletonKey === undefined ? {} : { singletonKey }),
        });
      });
    },

    async getJob(definition, id) {
      assertStarted('reading jobs');
      const [job] = await boss.findJobs(definition.name, { id });
      if (!job) return null;
      return {
        id: job.id,
        name: job.name,
        state: job.state,
        retryCount: job.retryCount,
        data: job.data,
        output: job.output ?? null,
        createdOn: job.createdOn,
        completedOn: job.completedOn,
      };
    },

    async getSchedules(definition) {
      assertStarted('reading schedules');
      const schedules = await boss.getSchedules(definition?.name);
      return schedules.map((schedule) => ({
        name: schedule.name,
        key: schedule.key,
        cron: schedule.cron,
        timeZone: schedule.timezone,
        data: schedule.data ?? null,
      }));
    },
  };
}

/** The lease goes on the queue and on every job: a queue created by an older release has none. */
/** The definition's retry, expiry and lease policy, as pg-boss takes it on queues, sends and schedules. */
function jobOptionsOf(definition: JobDefinition) {
  return {
    retryLimit: definition.retryLimit,
    retryDelay: definition.retryDelay,
    retryBackoff: definition.retryBackoff,
    expireInSeconds: definition.expireInSeconds,
    ...(definition.heartbeatSeconds === undefined ? {} : { heartbeatSeconds: definition.heartbeatSeconds }),
  };
}

function pgBossOptions(database: DatabaseHandle): ConstructorOptions {
  const common = { schema: JOB_SCHEMA, application_name: 'brandlens-jobs' } satisfies ConstructorOptions;
  if (database.kind === 'pglite') {
    // One PGlite instance per process (a second one on the same directory loses data), so pg-boss
    // runs its SQL through the app's own instance instead of opening connections.
    return { ...common, backend: 'pglite', db: embeddedDatabase(database) };
  }
  if (!database.connectionString) throw new Error('A PostgreSQL database handle needs its connectionString');
  return { ...common, connectionString: database.connectionString, max: 5 };
}

/**
 * PGlite is a single connection: when a statement inside pg-boss's BEGIN ... COMMIT blocks fails,
 * the transaction stays open and aborted and every later query of the app would fail with it.
 * A pool would hand out a fresh connection; here the failed transaction is rolled back instead.
 */
function embeddedDatabase(database: DatabaseHandle): Db {
  return {
    async executeSql(text, values) {
      try {
        return await database.executeSql(text, values);
      } catch (error) {
        await database.executeSql('ROLLBACK').catch(() => {});
        throw error;
      }
    },
  };
}
