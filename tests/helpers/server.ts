import pino from 'pino';
import { buildApp, defaultClientDir } from '../../src/server/app.ts';
import type { Config } from '../../src/server/config.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { createJobQueue, type JobQueue } from '../../src/server/jobs/queue.ts';
import { registerJobs } from '../../src/server/jobs/registry.ts';
import { testConfig } from './app.ts';
import { createTestDatabase } from './database.ts';
import { freePort } from './ports.ts';

export type RunningServer = {
  baseURL: string;
  database: DatabaseHandle;
  /** The started job queue the server works, for tests that queue work as a feature would */
  queue: JobQueue;
  config: Config;
  close(): Promise<void>;
};

/**
 * The built app on a free loopback port with a fresh database and its jobs worked in-process,
 * as `npm start` serves it.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const database = await createTestDatabase();
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const config = testConfig({ PUBLIC_URL: baseURL, ...env });
  const logger = pino({ level: 'silent' });
  const queue = createJobQueue({ database, logger, pollingIntervalSeconds: 0.5 });
  await registerJobs(queue, { database, config, logger });
  await queue.start();
  const app = await buildApp({ config, database, queue, logger: false, clientDir: defaultClientDir });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    baseURL,
    database,
    queue,
    config,
    async close() {
      await app.close();
      await queue.stop({ graceful: false });
      await database.close();
    },
  };
}
