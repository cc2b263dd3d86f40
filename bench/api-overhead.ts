/**
 * API overhead and memory of the web process, as it runs in production (`npm start`,
 * NODE_ENV=production):
 * - PostgreSQL: GET /api/brands (5 brands of a seeded user, a real signed session cookie) from the
 *   app against a bare node:http + pg server doing the same four queries and cookie check
 *   (bench/bare-brands-server.ts), 16 connections each, alternating rounds; requests/s, their ratio
 *   and the CPU time each server spends a request (steadier than requests/s on a shared machine);
 * - PostgreSQL and embedded: time from `npm start` to the first answer, resident memory of the web
 *   process at idle and under that load.
 *
 * Runs alone: `node bench/api-overhead.ts [postgres|embedded]` (Node 24), or in `npm run bench`.
 * Needs PostgreSQL on 127.0.0.1:5432 (BENCH_POSTGRES_URL to change); creates and drops its own database.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import { openDatabase } from '../src/server/db/client.ts';
import { brands, sessions, users } from '../src/server/db/schema/index.ts';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../src/server/http/session.ts';
import { plans } from '../src/shared/plans.ts';
import { createPostgresDatabase, dropPostgresDatabase } from '../tests/helpers/database.ts';
import { freePort } from '../tests/helpers/ports.ts';
import { idleRss, type StartedProcess, sampleMax, startServing } from './app-process.ts';
import { runLoad } from './load.ts';
import { median } from './measure.ts';

const CONNECTIONS = 16;
const ROUNDS = 5;
const ROUND_MS = 4_000;
const WARMUP_MS = 2_000;
const TARGET_RATIO = 0.7;
const MEMORY_TARGET_MB = 150;
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SESSION_SECRET = randomBytes(32).toString('hex');
const root = path.resolve(import.meta.dirname, '..');

type Seeded = { cookie: string };

/** A user with 5 brands and a live session; the Cookie header the app would have set. */
async function seed(target: { databaseUrl: string } | { directory: string }): Promise<Seeded> {
  const database = await openDatabase(target);
  try {
    await database.migrate();
    const [user] = await database.db
      .insert(users)
      .values({ email: 'bench@brandlens.local', planType: 'agency', maxBrands: plans.agency.limits.brands })
      .returning();
    for (let index = 1; index <= 5; index += 1) {
      await database.db.insert(brands).values({
        userId: user!.id,
        name: `Bench brand ${index}`,
        websiteUrl: `https://brand${index}.example`,
        instagramHandle: `@brand${index}`,
        colourPalette: ['#1F2937', '#F9FAFB'],
        fonts: ['Inter'],
      });
    }
    const sid = randomBytes(32).toString('base64url');
    const expire = new Date(Date.now() + SESSION_TTL_MS);
    await database.db.insert(sessions).values({ sid, sess: { userId: user!.id }, expire });
    return { cookie: `${SESSION_COOKIE}=${encodeURIComponent(fastifyCookie.sign(sid, SESSION_SECRET))}` };
  } finally {
    await database.close();
  }
}

function startApp(env: Record<string, string>, port: number, logName: string) {
  return startServing({
    command: 'npm',
    args: ['start'],
    env: { NODE_ENV: 'production', SESSION_SECRET, ...env },
    port,
    logFile: path.join(os.tmpdir(), logName),
  });
}

/** A load run, with the server's CPU time per request (steadier than requests/s on a busy machine). */
async function load(server: StartedProcess, cookie: string, durationMs: number) {
  const cpuBefore = server.cpuMs();
  const result = await runLoad({
    origin: server.origin,
    path: '/api/brands',
    headers: { cookie },
    connections: CONNECTIONS,
    durationMs,
  });
  return { ...result, cpuMsPerRequest: (server.cpuMs() - cpuBefore) / result.requests };
}

async function sameAnswers(app: StartedProcess, bare: StartedProcess, cookie: string) {
  const read = async (origin: string) => (await fetch(`${origin}/api/brands`, { headers: { cookie } })).json();
  const [fromApp, fromBare] = await Promise.all([read(app.origin), read(bare.origin)]);
  if (JSON.stringify(fromApp) !== JSON.stringify(fromBare)) {
    throw new Error(
      `the app and the bare server answer differently:\n${JSON.stringify(fromApp)}\n${JSON.stringify(fromBare)}`,
    );
  }
  if (!Array.isArray(fromApp) || fromApp.length !== 5) throw new Error('expected 5 brands');
}

type LoadRound = Awaited<ReturnType<typeof load>>;

const mb = (value: number) => `${value.toFixed(0)} MB`;

export type ApiFigures = { ratio: number; afterStartMb: number; after500Mb: number };

export async function measurePostgres(): Promise<ApiFigures> {
  const { name, url: databaseUrl } = await createPostgresDatabase(ADMIN_URL, 'brandlens_bench');
  let app: StartedProcess | undefined;
  let bare: StartedProcess | undefined;
  try {
    const { cookie } = await seed({ databaseUrl });
    bare = await startServing({
      command: process.execPath,
      args: [path.join(root, 'bench/bare-brands-server.ts')],
      env: { DATABASE_URL: databaseUrl, SESSION_SECRET },
      port: await freePort(),
      logFile: path.join(os.tmpdir(), 'brandlens-bench-bare.log'),
    });
    app = await startApp({ DATABASE_URL: databaseUrl }, await freePort(), 'brandlens-bench-app-postgres.log');
    const idle = await idleRss(app);
    await sameAnswers(app, bare, cookie);
    await runLoad({
      origin: app.origin,
      path: '/api/brands',
      headers: { cookie },
      connections: CONNECTIONS,
      durationMs: 60_000,
      maxRequests: 500,
    });
    const after500 = await idleRss(app);

    await load(bare, cookie, WARMUP_MS);
    await load(app, cookie, WARMUP_MS);
    const appRounds: LoadRound[] = [];
    const bareRounds: LoadRound[] = [];
    const stopSampling = sampleMax(app.rssMb);
    for (let round = 0; round < ROUNDS; round += 1) {
      bareRounds.push(await load(bare, cookie, ROUND_MS));
      appRounds.push(await load(app, cookie, ROUND_MS));
    }
    const underLoad = stopSampling();
    const rate = (rounds: LoadRound[]) => median(rounds.map((round) => round.requestsPerSecond));
    const cpu = (rounds: LoadRound[]) => median(rounds.map((round) => round.cpuMsPerRequest));
    const describe = (rounds: LoadRound[]) =>
      `${rate(rounds).toFixed(0)} requests/s, ${cpu(rounds).toFixed(2)} CPU ms a request  (rounds: ${rounds.map((round) => round.requestsPerSecond.toFixed(0)).join(', ')} requests/s)`;
    console.log(
      `\nGET /api/brands on PostgreSQL, ${CONNECTIONS} connections, median of ${ROUNDS} × ${ROUND_MS / 1000} s:`,
    );
    console.log(`  bare node:http + pg  ${describe(bareRounds)}`);
    console.log(`  Brandlens            ${describe(appRounds)}`);
    // Each app round is compared with the bare round just before it, so load on the machine that
    // drifts during the run moves both sides of each ratio alike.
    const ratios = appRounds.map((round, index) => round.requestsPerSecond / bareRounds[index]!.requestsPerSecond);
    console.log(
      `  ratio                ${median(ratios).toFixed(2)} of the requests/s, median of the rounds' ratios (target ≥ ${TARGET_RATIO}); ${(cpu(bareRounds) / cpu(appRounds)).toFixed(2)} of the CPU time a request`,
    );
    console.log('Web process on PostgreSQL (npm start, production):');
    console.log(
      `  start to first answer ${app.startMs.toFixed(0)} ms; memory after start ${mb(idle)}, after 500 requests ${mb(after500)} (target ≤ ${MEMORY_TARGET_MB} MB), at most under load ${mb(underLoad)}`,
    );
    return { ratio: median(ratios), afterStartMb: idle, after500Mb: after500 };
  } finally {
    await app?.stop();
    await bare?.stop();
    await dropPostgresDatabase(name, ADMIN_URL);
  }
}

async function measureEmbedded() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brandlens-bench-'));
  let app: StartedProcess | undefined;
  try {
    const { cookie } = await seed({ directory: path.join(dataDir, 'db') });
    app = await startApp({ DATA_DIR: dataDir }, await freePort(), 'brandlens-bench-app-embedded.log');
    const idle = await idleRss(app);
    await load(app, cookie, WARMUP_MS);
    const stopSampling = sampleMax(app.rssMb);
    const rate = (await load(app, cookie, ROUND_MS)).requestsPerSecond;
    const underLoad = stopSampling();
    console.log('Web process on the embedded database (npm start, production):');
    console.log(
      `  start to first answer ${app.startMs.toFixed(0)} ms; memory at idle ${mb(idle)}, under load ${mb(underLoad)}`,
    );
    console.log(`  GET /api/brands ${rate.toFixed(0)} requests/s with ${CONNECTIONS} connections`);
  } finally {
    await app?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function measureApiOverhead(): Promise<ApiFigures> {
  const figures = await measurePostgres();
  await measureEmbedded();
  return figures;
}

if (import.meta.main) {
  // `node bench/api-overhead.ts postgres` (or `embedded`) runs one half.
  const only = process.argv[2];
  if (only !== 'embedded') await measurePostgres();
  if (only !== 'postgres') await measureEmbedded();
}
