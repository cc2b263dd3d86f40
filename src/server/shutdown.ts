/**
 * Graceful shutdown of a web or worker process on SIGTERM (what platforms send before they stop a
 * machine) and SIGINT: stop taking requests and jobs, let those in flight finish within a bound,
 * hand back the jobs still running then, close the database and exit 0. A second signal exits at once.
 */
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from './db/client.ts';
import { closeSmtpConnections } from './emails/smtp.ts';
import type { JobQueue } from './jobs/queue.ts';

type ShutdownLogger = {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
};

export type ShutdownOptions = {
  logger: ShutdownLogger;
  /** For requests and jobs in flight together, from the first signal. */
  timeoutMs: number;
  queue: JobQueue;
  database: DatabaseHandle;
  /** The web server; absent in a worker process. */
  app?: FastifyInstance;
  /** Tests replace it; process.exit otherwise. */
  exit?: (code: number) => void;
  /** The same signal again within this long is the first one delivered twice, not a second one. */
  repeatWindowMs?: number;
};

/** The first signal starts the shutdown; the returned promise settles once it is done. */
export type Shutdown = (signal: string) => Promise<void>;

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;
const IDLE_SWEEP_MS = 50;
/**
 * Under `npm start` one stop can arrive twice: npm passes on the SIGTERM or SIGINT it receives,
 * and a signal sent to the whole process group (Ctrl+C, systemd, `kill -- -pgid`) reaches the
 * server directly too, milliseconds apart. Only a signal after this window means "stop now".
 */
const REPEAT_WINDOW_MS = 1000;

/** Shuts the process down on SIGTERM and SIGINT; returns the shutdown for callers that stop it themselves. */
export function stopOnSignals(options: ShutdownOptions): Shutdown {
  const shutdown = createShutdown(options);
  for (const signal of SIGNALS) process.on(signal, () => void shutdown(signal));
  return shutdown;
}

export function createShutdown(options: ShutdownOptions): Shutdown {
  const { logger } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const repeatWindowMs = options.repeatWindowMs ?? REPEAT_WINDOW_MS;
  let running: Promise<void> | null = null;
  let first: { signal: string; at: number } | null = null;

  return (signal) => {
    if (running && first && signal === first.signal && Date.now() - first.at < repeatWindowMs) {
      logger.info({ signal }, 'the same signal again at once (from npm and the process group): still shutting down');
      return running;
    }
    if (running) {
      logger.warn({ signal }, 'second signal: exiting at once, without waiting for requests or jobs');
      exit(1);
      return running;
    }
    first = { signal, at: Date.now() };
    running = stopInOrder(options, signal).then(
      () => {
        logger.info({}, 'stopped');
        exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'the process did not stop cleanly');
        exit(1);
      },
    );
    return running;
  };
}

async function stopInOrder({ logger, timeoutMs, queue, database, app }: ShutdownOptions, signal: string) {
  const deadline = Date.now() + timeoutMs;
  const remaining = () => Math.max(0, deadline - Date.now());
  logger.info({ signal, timeoutMs }, 'shutting down: no new requests or jobs; waiting for those in flight');
  // Both at once: a job may not start while requests drain, and requests may still queue jobs.
  await Promise.all([queue.stopTakingJobs(), app ? closeHttpServer(app, remaining(), logger) : Promise.resolve()]);
  logger.info({ waitMs: remaining() }, 'waiting for running jobs');
  await queue.stop({ graceful: true, timeoutMs: remaining() });
  await closeSmtpConnections();
  await database.close();
  logger.info({}, 'database closed');
}

/**
 * Stops listening (new connections are refused; requests arriving on open keep-alive connections
 * get 503, so a load balancer's readiness check fails) and waits for requests in flight. Those still
 * running after `timeoutMs` have their connections cut, so the bound holds.
 */
export async function closeHttpServer(app: FastifyInstance, timeoutMs: number, logger: ShutdownLogger) {
  const closed = app.close();
  // Closing ends the connections idle at that moment only: a kept-alive connection whose request
  // finishes later would hold the close open until the bound, so they are ended as they fall idle.
  const idleSweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<'bound'>((resolve) => {
    timer = setTimeout(() => resolve('bound'), timeoutMs);
  });
  try {
    if ((await Promise.race([closed.then(() => 'closed' as const), bound])) === 'closed') {
      logger.info({}, 'web server closed: requests in flight finished');
      return;
    }
  } finally {
    clearTimeout(timer);
    clearInterval(idleSweep);
  }
  logger.warn({ timeoutMs }, 'requests still running at the shutdown bound: closing their connections');
  app.server.closeAllConnections();
  await closed;
  logger.info({}, 'web server closed');
}
