import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { EmbeddedDatabaseInUseError, openDatabase } from './db/client.ts';
import { createJobQueue } from './jobs/queue.ts';
import { registerJobs } from './jobs/registry.ts';
import { stopOnSignals } from './shutdown.ts';

/** Starts Brandlens: configuration, database and migrations, jobs, then the web server. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { directory: path.join(config.dataDir, 'db') },
  );
  await database.migrate();

  const logger = pino({ level: config.logLevel, name: 'jobs' });
  // The embedded database's lock file proves no other process works its jobs.
  const queue = createJobQueue({ database, logger, soleWorker: database.kind === 'pglite' });
  // Embedded mode is one process, so it always works its own jobs; with PostgreSQL, separate
  // worker processes (`npm run worker`) can take the work instead (RUN_WORKER=false).
  if (config.runWorker || database.kind === 'pglite') await registerJobs(queue, { database, config, logger });
  await queue.start();
  const app = await buildApp({ config, database, queue });

  stopOnSignals({ logger: app.log, timeoutMs: config.shutdownTimeoutMs, queue, database, app });

  await app.listen({ port: config.port, host: config.host });
  const mode = database.kind === 'pglite' ? `embedded database in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL';
  console.log(`\n  Brandlens is running at ${config.publicUrl} (${mode})\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof EmbeddedDatabaseInUseError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
