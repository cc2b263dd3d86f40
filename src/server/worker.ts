/**
 * The standalone job worker (`npm run worker`): works background jobs against the PostgreSQL
 * database the web processes use. Embedded mode (no DATABASE_URL) is one process: the web
 * process works the jobs itself, so this refuses to start there.
 */
import pino from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createJobQueue } from './jobs/queue.ts';
import { registerJobs } from './jobs/registry.ts';
import { stopOnSignals } from './shutdown.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError(
      'The job worker needs DATABASE_URL (PostgreSQL). Without it Brandlens uses its embedded database, ' +
        'which only one process may open: start the web process (npm start), which then works the jobs itself.',
    );
  }
  const logger = pino({ level: config.logLevel, name: 'brandlens-worker' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl });
  const queue = createJobQueue({ database, logger });
  stopOnSignals({ logger, timeoutMs: config.shutdownTimeoutMs, queue, database });

  try {
    await database.migrate();
    await registerJobs(queue, { database, logger, config });
    await queue.start();
  } catch (error) {
    await queue.stop({ graceful: false }).catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
  logger.info('worker started');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The job worker could not start:', error);
  }
  process.exitCode = 1;
});
