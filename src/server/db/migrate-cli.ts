/** `npm run db:migrate`: applies committed migrations without starting the app. */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { EmbeddedDatabaseInUseError, openDatabase } from './client.ts';

async function migrate() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { directory: path.join(config.dataDir, 'db') },
  );
  try {
    await database.migrate();
    console.log(`Migrations applied (${database.kind === 'pglite' ? 'embedded database' : 'PostgreSQL'}).`);
  } finally {
    await database.close();
  }
}

migrate().catch((error: unknown) => {
  // The same one-sentence answers `npm start` gives for a held data directory or a bad setting.
  if (error instanceof ConfigError || error instanceof EmbeddedDatabaseInUseError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
});
