/** `npm run db:migrate`: applies committed migrations without starting the app. */
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';

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
