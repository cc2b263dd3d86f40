import { defineConfig } from 'vitest/config';

// Vitest runs one file at a time on a 2-core machine by default (a worker per core, less one).
// API and end-to-end files spend most of their time waiting (PostgreSQL, job polls, the server's
// answers, Chromium), and each has its own database, server, port and browser, so several run
// side by side. Projects with different worker counts must run as groups one after the other
// (sequence.groupOrder): unit and API files together, five at a time (most of an API file's time
// is spent waiting on PostgreSQL, job polls and leases), then end to end, two.
// Each worker keeps the modules it has loaded from one file to the next (isolate: false): nearly
// every API and end-to-end file loads the whole server, and loading it again for each file took a
// third of the suite's time. No file relies on fresh module state: each opens its own database,
// server, port and browser, and the few that stub globals or fake the clock put them back.

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'node',
          isolate: false,
          testTimeout: 20_000,
          maxWorkers: 5,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: 5,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files (two browsers) at a time: each has its own server, database and port, and
          // files are keyed by random ids under DATA_DIR.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
