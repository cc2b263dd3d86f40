/**
 * Consumer-insight throughput through the real HTTP API, as the product runs in production
 * (`npm start`, NODE_ENV=production, PostgreSQL): POST /api/consumer-insights with social posts from
 * 4 concurrent workers, each text analysed by the sentiment engine and stored under an agency user
 * (unlimited insights). Prints texts per second, the server's CPU time a text, and the web
 * process's resident memory at idle after start and at most during the run.
 *
 * Texts: tweeteval-val.tsv from the directory SOCIAL_SENTIMENT_DATA names, when it is there;
 * otherwise the repository's three-class fixtures (tests/fixtures/sentiment).
 *
 * Runs alone: `npx tsx bench/sentiment-throughput.ts` (Node 24). Needs PostgreSQL on
 * 127.0.0.1:5432 (BENCH_POSTGRES_URL to change); creates and drops its own database.
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
import { type TInsightSource, ZInsightContent } from '../src/shared/schemas/insights.ts';
import { createPostgresDatabase, dropPostgresDatabase } from '../tests/helpers/database.ts';
import { freePort } from '../tests/helpers/ports.ts';
import { loadThreeClass } from '../tests/helpers/sentiment-data.ts';
import { idleRss, type StartedProcess, sampleMax, startServing } from './app-process.ts';

const TEXTS = 1_500;
const WARMUP = 50;
const WORKERS = 4;
/** ZInsightSource's value for social media posts */
const SOURCE: TInsightSource = 'social_media';
const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SESSION_SECRET = randomBytes(32).toString('hex');

type Seeded = { cookie: string; brandId: string };
type Text = { text: string; label: string };

/** An agency user (unlimited insights) with one brand and a live session; the Cookie header the app would have set. */
async function seed(databaseUrl: string): Promise<Seeded> {
  const database = await openDatabase({ databaseUrl });
  try {
    await database.migrate();
    const [user] = await database.db
      .insert(users)
      .values({ email: 'bench@brandlens.local', planType: 'agency', maxBrands: plans.agency.limits.brands })
      .returning();
    const [brand] = await database.db
      .insert(brands)
      .values({
        userId: user!.id,
        name: 'Bench brand',
        websiteUrl: 'https://brand.example',
        instagramHandle: '@brand',
        colourPalette: ['#1F2937', '#F9FAFB'],
        fonts: ['Inter'],
      })
      .returning();
    const sid = randomBytes(32).toString('base64url');
    const expire = new Date(Date.now() + SESSION_TTL_MS);
    await database.db.insert(sessions).values({ sid, sess: { userId: user!.id }, expire });
    return {
      cookie: `${SESSION_COOKIE}=${encodeURIComponent(fastifyCookie.sign(sid, SESSION_SECRET))}`,
      brandId: brand!.id,
    };
  } finally {
    await database.close();
  }
}

/** The texts to send and where they came from; texts the API would refuse are left out. */
function loadTexts(): { texts: Text[]; origin: string; skipped: number } {
  const directory = process.env.SOCIAL_SENTIMENT_DATA;
  const file = directory ? path.join(directory, 'tweeteval-val.tsv') : undefined;
  let rows: Text[];
  let origin: string;
  if (file && fs.existsSync(file)) {
    rows = fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line) => {
        const tab = line.indexOf('\t');
        return tab < 0 ? [] : [{ label: line.slice(0, tab), text: line.slice(tab + 1) }];
      });
    origin = file;
  } else {
    rows = loadThreeClass().map(({ text, label }) => ({ text, label }));
    origin = 'tests/fixtures/sentiment three-class texts';
  }
  const accepted = rows.filter((row) => ZInsightContent.safeParse(row.text).success);
  if (accepted.length === 0) throw new Error(`no usable texts in ${origin}`);
  // Repeated as they are when there are too few: manual feedback is not deduplicated.
  const texts = Array.from({ length: TEXTS }, (_, index) => accepted[index % accepted.length]!);
  return { texts, origin, skipped: rows.length - accepted.length };
}

type Answer = { sentiment: string; analysedBy: string };

/** Posts every text, WORKERS at a time; each answer must be 2xx. */
async function postAll(server: StartedProcess, seeded: Seeded, texts: Text[]): Promise<Answer[]> {
  const answers: Answer[] = new Array(texts.length);
  let next = 0;
  const worker = async () => {
    while (next < texts.length) {
      const index = next;
      next += 1;
      const response = await fetch(`${server.origin}/api/consumer-insights`, {
        method: 'POST',
        headers: { cookie: seeded.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ brandId: seeded.brandId, content: texts[index]!.text, source: SOURCE }),
      });
      const body = await response.text();
      if (!response.ok) {
        throw new Error(`POST /api/consumer-insights answered ${response.status}: ${body}`);
      }
      answers[index] = JSON.parse(body) as Answer;
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  return answers;
}

const tally = (values: string[]) => {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([value, count]) => `${value} ${count}`)
    .join(', ');
};

const mb = (value: number) => `${value.toFixed(0)} MB`;

export type SentimentThroughputFigures = {
  texts: number;
  seconds: number;
  textsPerSecond: number;
  cpuMsPerText: number;
  idleMb: number;
  peakMb: number;
};

export async function measureSentimentThroughput(): Promise<SentimentThroughputFigures> {
  const { texts, origin, skipped } = loadTexts();
  const { name, url: databaseUrl } = await createPostgresDatabase(ADMIN_URL, 'brandlens_bench');
  let server: StartedProcess | undefined;
  try {
    const seeded = await seed(databaseUrl);
    server = await startServing({
      command: 'npm',
      args: ['start'],
      env: { NODE_ENV: 'production', SESSION_SECRET, DATABASE_URL: databaseUrl },
      port: await freePort(),
      logFile: path.join(os.tmpdir(), 'brandlens-bench-sentiment-throughput.log'),
    });
    const idle = await idleRss(server);
    const stopSampling = sampleMax(server.rssMb);
    const warmAnswers = await postAll(server, seeded, texts.slice(0, WARMUP));
    const timed = texts.slice(WARMUP);
    const cpuBefore = server.cpuMs();
    const started = performance.now();
    const timedAnswers = await postAll(server, seeded, timed);
    const seconds = (performance.now() - started) / 1000;
    const cpuMsPerText = (server.cpuMs() - cpuBefore) / timed.length;
    const peak = stopSampling();
    const answers = [...warmAnswers, ...timedAnswers];

    console.log(
      `\nConsumer insights through POST /api/consumer-insights (npm start, production, PostgreSQL), ${WORKERS} workers:`,
    );
    console.log(
      `  texts from ${origin} (${skipped} refused by ZInsightContent and left out); ${WARMUP} warm-up requests not counted`,
    );
    console.log(
      `  ${timed.length} texts in ${seconds.toFixed(2)} s: ${(timed.length / seconds).toFixed(0)} texts/s, ${cpuMsPerText.toFixed(2)} server CPU ms a text`,
    );
    console.log(`  web process memory: ${mb(idle)} after start (idle), at most ${mb(peak)} during the run`);
    console.log(`  stored labels (all ${answers.length}): ${tally(answers.map((answer) => answer.sentiment))}`);
    console.log(`  labels in the data for the same texts: ${tally(texts.map((text) => text.label))}`);
    console.log(`  analysed by: ${tally(answers.map((answer) => answer.analysedBy))}`);
    return {
      texts: timed.length,
      seconds,
      textsPerSecond: timed.length / seconds,
      cpuMsPerText,
      idleMb: idle,
      peakMb: peak,
    };
  } finally {
    await server?.stop();
    await dropPostgresDatabase(name, ADMIN_URL);
  }
}

if (import.meta.main) await measureSentimentThroughput();
