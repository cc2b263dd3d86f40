/**
 * The mention and ad feeds at volume, measured through the process `npm start` leaves serving
 * (production mode, PostgreSQL): 1,000,000 mentions of one brand and 100,000 ads of its five
 * competitors (plus another tenant). Prints p50/p95 of 20 requests each: the first page, a page 500
 * pages deep, a word search, a search within a sentiment and a date range, the summary (volume
 * chart and share of voice), the ad library's first page, search and summary; the sentiment
 * report and its PDF; the competitive report; a CSV export of every mention (time and the
 * server's peak memory); in Chromium, the time until the first card shows on both screens and
 * scrolling until 1,000 cards have loaded; and the server's resident memory over the whole run.
 * `BENCH_MENTIONS`/`BENCH_ADS` change the sizes; `BENCH_EMBEDDED=1` runs on PGlite instead;
 * `BENCH_KEEP=1` keeps the seeded database and writes how to serve it to bench-feeds.json in the
 * temporary folder (for profiling one screen by hand), instead of dropping it; `BENCH_REUSE=1`
 * measures the database kept that way again, without seeding.
 * Run alone: node bench/feeds.ts (Node 24), with PostgreSQL on BENCH_POSTGRES_URL or 127.0.0.1.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/server/db/client.ts';
import { createPostgresDatabase, dropPostgresDatabase } from '../tests/helpers/database.ts';
import { freePort } from '../tests/helpers/ports.ts';
import { type StartedProcess, sampleMax, startServing } from './app-process.ts';
import { AD_LIBRARY, CONSUMER_INSIGHTS, measureScreens } from './feeds/browser-figures.ts';
import {
  type Percentiles,
  pageDeep,
  type Reader,
  repeated,
  streamedDownload,
  timedRead,
} from './feeds/http-figures.ts';
import { seedFeeds } from './feeds/seed-feeds.ts';

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MENTIONS = Number(process.env.BENCH_MENTIONS ?? 1_000_000);
const ADS = Number(process.env.BENCH_ADS ?? 100_000);
const EMBEDDED = process.env.BENCH_EMBEDDED === '1';
const REUSE = process.env.BENCH_REUSE === '1';
const KEEP = process.env.BENCH_KEEP === '1' || REUSE;
const KEPT_FILE = path.join(os.tmpdir(), 'bench-feeds.json');
type Seeded = Awaited<ReturnType<typeof seedFeeds>>;
const kept = REUSE
  ? (JSON.parse(fs.readFileSync(KEPT_FILE, 'utf8')) as Seeded & { env: Record<string, string> })
  : null;
const SESSION_SECRET = kept?.env.SESSION_SECRET ?? randomBytes(32).toString('hex');

const ms = (value: number) => `${value.toFixed(0)} ms`;
const line = (label: string, figures: Percentiles & { bytes?: number; total?: string | null }) =>
  console.log(
    `  ${label.padEnd(46)} p50 ${ms(figures.p50).padStart(7)}  p95 ${ms(figures.p95).padStart(7)}` +
      `${figures.bytes !== undefined ? `  ${(figures.bytes / 1024).toFixed(1)} KB` : ''}` +
      `${figures.total ? `  (total ${figures.total})` : ''}`,
  );

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

async function measureMentions(reader: Reader, brandId: string) {
  const list = `/api/consumer-insights?brandId=${brandId}`;
  line('mentions: first page', await repeated(reader, list));
  const deep = await pageDeep(reader, list, 500);
  line(`mentions: page ${deep.page}`, await repeated(reader, deep.path));
  line('mentions: word search ("espresso")', await repeated(reader, `${list}&q=espresso`));
  line('mentions: rare word search ("777")', await repeated(reader, `${list}&q=777`));
  line('mentions: word in none ("kombucha")', await repeated(reader, `${list}&q=kombucha`));
  line(
    'mentions: search, negative, last 14 days',
    await repeated(reader, `${list}&q=delivery&sentiment=negative&from=${daysAgo(14)}&to=${daysAgo(0)}`),
  );
  line('mentions: most engaged, competitors', await repeated(reader, `${list}&sort=most-engaged&about=competitors`));
  line(
    'mentions: summary (volume chart, share of voice)',
    await repeated(reader, `/api/consumer-insights/summary?brandId=${brandId}`),
  );
  line(
    'mentions: summary of a search',
    await repeated(reader, `/api/consumer-insights/summary?brandId=${brandId}&q=refund`),
  );
}

async function measureAds(reader: Reader, brandId: string) {
  const list = `/api/ad-library?brandId=${brandId}`;
  line('ads: first page', await repeated(reader, list));
  const deep = await pageDeep(reader, list, 100);
  line(`ads: page ${deep.page}`, await repeated(reader, deep.path));
  line('ads: search ("delivery")', await repeated(reader, `${list}&q=delivery`));
  line('ads: running, longest first', await repeated(reader, `${list}&status=running&sort=longest-running`));
  line('ads: summary (stat tiles)', await repeated(reader, `/api/ad-library/summary?brandId=${brandId}`));
}

async function measureReports(reader: Reader, brandId: string) {
  const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });
  const report = await timedRead(reader, '/api/sentiment-reports', post({ brandId, reportPeriod: 'monthly' }));
  const reportId = (JSON.parse(Buffer.from(report.body).toString('utf8')) as { id: string }).id;
  console.log(`  sentiment report (monthly)                     ${ms(report.ms)}`);
  const pdf = await timedRead(reader, '/api/sentiment-reports/pdf', post({ brandId, reportId }));
  console.log(`  its PDF                                        ${ms(pdf.ms)}  ${(pdf.bytes / 1024).toFixed(0)} KB`);
  const competitive = await timedRead(reader, '/api/competitor-reports', post({ brandId }));
  console.log(`  competitive report                             ${ms(competitive.ms)}`);
}

async function measureBrowser(reader: Reader) {
  const [insights, library] = await measureScreens(reader, [CONSUMER_INSIGHTS, AD_LIBRARY]);
  for (const [label, figures] of [
    ['Consumer Insights', insights!],
    ['Ad Library', library!],
  ] as const) {
    line(`Chromium: ${label}, first card`, figures.firstCard);
    console.log(
      `  Chromium: ${label}, scrolled to ${figures.scroll.loaded} loaded`.padEnd(48) +
        ` in ${(figures.scroll.ms / 1000).toFixed(1)} s; longest frame ${ms(figures.scroll.longestFrameMs)}`,
    );
  }
}

async function measureExport(reader: Reader, server: StartedProcess, brandId: string) {
  const peak = sampleMax(() => server.rssMb(), 50);
  const download = await streamedDownload(reader, `/api/consumer-insights/export.csv?brandId=${brandId}`);
  console.log(
    `  CSV export of every mention                    ${(download.ms / 1000).toFixed(1)} s, ${download.lines - 1} rows, ` +
      `${(download.bytes / 1024 / 1024).toFixed(0)} MB; server peak ${peak().toFixed(0)} MB`,
  );
}

async function prepare(): Promise<{
  env: Record<string, string>;
  cleanup: () => Promise<void>;
  seeded: Seeded;
}> {
  if (kept) {
    const { env: keptEnv, ...seeded } = kept;
    const { SESSION_SECRET: _secret, ...env } = keptEnv;
    return { env, seeded, cleanup: async () => {} };
  }
  if (EMBEDDED) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brandlens-feeds-'));
    const database = await openDatabase({ directory: path.join(dataDir, 'db') });
    await database.migrate();
    const seeded = await seedFeeds(database, { mentions: MENTIONS, ads: ADS }, SESSION_SECRET);
    await database.close();
    return {
      env: { DATA_DIR: dataDir },
      seeded,
      cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const { name, url } = await createPostgresDatabase(ADMIN_URL, 'brandlens_bench_feeds');
  const database = await openDatabase({ databaseUrl: url });
  await database.migrate();
  const seeded = await seedFeeds(database, { mentions: MENTIONS, ads: ADS }, SESSION_SECRET);
  await database.close();
  return { env: { DATABASE_URL: url }, seeded, cleanup: () => dropPostgresDatabase(name, ADMIN_URL) };
}

function keepForProfiling(env: Record<string, string>, seeded: Seeded) {
  fs.writeFileSync(KEPT_FILE, JSON.stringify({ env: { ...env, SESSION_SECRET }, ...seeded }, null, 2));
  console.log(`  kept the seeded database: ${KEPT_FILE}`);
}

export async function measureFeeds() {
  const seedStarted = performance.now();
  const { env, seeded, cleanup } = await prepare();
  console.log(
    `\nFeeds at volume (${EMBEDDED ? 'PGlite' : 'PostgreSQL'}, npm start): ${MENTIONS.toLocaleString('en-GB')} mentions, ` +
      `${ADS.toLocaleString('en-GB')} ads; seeded in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`,
  );
  let server: StartedProcess | undefined;
  try {
    server = await startServing({
      command: 'npm',
      args: ['start'],
      env: { NODE_ENV: 'production', SESSION_SECRET, ...env },
      port: await freePort(),
      logFile: path.join(os.tmpdir(), 'brandlens-bench-feeds.log'),
    });
    const started = server;
    const peak = sampleMax(() => started.rssMb(), 50);
    const reader = { origin: server.origin, cookie: seeded.cookie };
    // each part's own peak, so the one that grows the server shows
    const phases: [string, () => Promise<void>][] = [
      ['mentions', () => measureMentions(reader, seeded.brandId)],
      ['ads', () => measureAds(reader, seeded.brandId)],
      ['reports', () => measureReports(reader, seeded.brandId)],
      ['Chromium', () => measureBrowser(reader)],
      ['CSV export', () => measureExport(reader, started, seeded.brandId)],
    ];
    const phasePeaks: string[] = [];
    for (const [name, measure] of phases) {
      const phasePeak = sampleMax(() => started.rssMb(), 50);
      await measure();
      phasePeaks.push(`${name} ${phasePeak().toFixed(0)} MB`);
    }
    console.log(`  server resident memory: peak ${peak().toFixed(0)} MB over the whole run (${phasePeaks.join(', ')})`);
  } finally {
    await server?.stop();
    if (KEEP) keepForProfiling(env, seeded);
    else await cleanup();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await measureFeeds();
