/**
 * The mention feed at volume, on PostgreSQL: 200,000 mentions of one brand (2,000 a day for 100
 * days, with three competitors) beside 400,000 of four other brands. Runs the feed's own
 * actions (a page newest first, a page deeper in, a sentiment filter, searches, most engaged, the
 * summary) with every SQL statement captured, then prints each statement's plan from EXPLAIN
 * ANALYZE: the node types, whether consumer_insights is read by a sequential scan, and the
 * execution time. Then streams the whole CSV export and prints its time and memory. Not a test.
 * Run alone: TEST_DATABASE_URL=postgres://... npx tsx bench/mention-feed.ts
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { analyseSentiment, sentimentEngineReady } from '../src/server/analysis/sentiment/index.ts';
import type { Database } from '../src/server/db/client.ts';
import * as schema from '../src/server/db/schema/index.ts';
import { brands, competitors, users } from '../src/server/db/schema/index.ts';
import { exportMentionsCsv } from '../src/server/features/insights/export-mentions-csv.ts';
import { listInsights } from '../src/server/features/insights/list-insights.ts';
import { summariseMentions } from '../src/server/features/insights/summarise-mentions.ts';
import type { Actor } from '../src/server/http/access.ts';
import { encodeCursor } from '../src/server/http/paging.ts';
import { type TMentionListQuery, ZMentionListQuery } from '../src/shared/schemas/mention-feed.ts';
import { mentionTexts } from '../tests/fixtures/sentiment-reports/mentions.ts';
import { createTestDatabase } from '../tests/helpers/database.ts';
import { median, timed } from './measure.ts';

// the engine's weights load at first need
await sentimentEngineReady();

const BRAND_MENTIONS = 200_000;
/** Other brands hold most of the table, as on a server with many accounts. */
const OTHER_BRANDS = 4;
const OTHER_MENTIONS = 100_000;
const RUNS = 5;

type Captured = { query: string; params: unknown[] };

async function seedBrandMentions(db: Database, brand: { id: string; userId: string }, count: number, rivals: string[]) {
  const analysed = mentionTexts.map((mention) => ({ ...mention, label: analyseSentiment(mention.text).label }));
  const texts = analysed.map((mention) => mention.text);
  const labels = analysed.map((mention) => mention.label);
  const platforms = analysed.map((mention) => mention.platform ?? '');
  const rivalIds = rivals.length > 0 ? rivals : [null];
  await db.execute(sql`
    insert into consumer_insights (brand_id, user_id, content, sentiment, sentiment_score, confidence, source,
      platform, author_name, channel, competitor_id, engagement, rating, is_relevant, collected_at)
    select ${brand.id}::uuid, ${brand.userId}::uuid,
      (${sql.param(texts)}::text[])[1 + g % ${texts.length}] || ' (' || g || ')',
      (${sql.param(labels)}::text[])[1 + g % ${labels.length}],
      3, 0.7,
      (array['feedback', 'social_media', 'reviews', 'surveys'])[1 + g % 4],
      nullif((${sql.param(platforms)}::text[])[1 + g % ${platforms.length}], ''),
      'Author ' || (g % 997),
      (array['news', 'blog', 'reviews', 'forum', 'social', 'video', null])[1 + g % 7],
      case when g % 5 < 3 then null else (${sql.param(rivalIds)}::uuid[])[1 + g % ${rivalIds.length}] end,
      (g * 7919) % 500,
      case when g % 4 = 2 then 1 + g % 5 end,
      g % 20 <> 0,
      now() - g * interval '43.2 seconds'
    from generate_series(1, ${count}::integer) as g`);
}

async function seed(db: Database) {
  const [user] = await db.insert(users).values({ email: 'feed-bench@example.com', planType: 'agency' }).returning();
  const [brand] = await db.insert(brands).values({ userId: user!.id, name: 'Bench Roasters' }).returning();
  const rivals = await db
    .insert(competitors)
    .values(['North', 'South', 'East'].map((name) => ({ userId: user!.id, brandId: brand!.id, name: `${name} Beans` })))
    .returning();
  await seedBrandMentions(
    db,
    brand!,
    BRAND_MENTIONS,
    rivals.map((rival) => rival.id),
  );
  for (let i = 0; i < OTHER_BRANDS; i++) {
    const [other] = await db
      .insert(brands)
      .values({ userId: user!.id, name: `Other ${i}` })
      .returning();
    await seedBrandMentions(db, other!, OTHER_MENTIONS, []);
  }
  const actor: Actor = {
    user: user!,
    isAdmin: false,
    ownerIds: [user!.id],
    owners: [user!],
    workspaceOwnerId: user!.id,
  };
  return { actor, brandId: brand!.id };
}

const PLAN_LINE = /^\s*(?:->\s+)?([A-Z][A-Za-z ]+?)(?: on | using |\s+\(|$)/;

/** The plan's node types, and whether consumer_insights is read whole. */
async function explain(pool: pg.Pool, captured: Captured) {
  const result = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${captured.query}`, captured.params as unknown[]);
  const lines = result.rows.map((row: Record<string, string>) => row['QUERY PLAN']!);
  const nodes = lines
    .filter((line) => /^\s*->|^[A-Z]/.test(line) && !/^(Planning|Execution)/.test(line.trim()))
    .map((line) => {
      const node = PLAN_LINE.exec(line)?.[1] ?? line.trim();
      const index = / using (\S+)/.exec(line)?.[1];
      const on = / on (\S+)/.exec(line)?.[1];
      return index ? `${node} (${index})` : on ? `${node} on ${on}` : node;
    });
  const what = /^select (.{0,70})/s.exec(captured.query)?.[1]?.replace(/\s+/g, ' ') ?? captured.query.slice(0, 70);
  const execution = lines.find((line) => line.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?';
  const seqScan = lines.some((line) => /Seq Scan on consumer_insights/.test(line));
  return { what, nodes, execution, seqScan, lines };
}

async function measure() {
  if (!process.env.TEST_DATABASE_URL) {
    console.log('Set TEST_DATABASE_URL to a PostgreSQL server: the plans are PostgreSQL’s.');
    return;
  }
  const database = await createTestDatabase({ kind: 'postgres' });
  const pool = new pg.Pool({ connectionString: database.connectionString, max: 4 });
  const captured: Captured[] = [];
  let capturing = false;
  const db = drizzle(pool, {
    schema,
    casing: 'snake_case',
    logger: { logQuery: (query, params) => void (capturing && captured.push({ query, params })) },
  }) as unknown as Database;
  try {
    console.log(`\nMention feed on PostgreSQL: ${BRAND_MENTIONS.toLocaleString('en-GB')} mentions of one brand`);
    const seeding = await timed(() => seed(db));
    await pool.query('VACUUM ANALYZE consumer_insights');
    console.log(`  seeded and analysed in ${(seeding.ms / 1000).toFixed(1)} s`);
    const { actor, brandId } = seeding.value;
    const ctx = { db };
    const listOf = (query: Record<string, string>) =>
      listInsights(ctx, { actor, input: ZMentionListQuery.parse({ brandId, ...query }) as TMentionListQuery });
    const first = await listOf({});
    const cases: [string, () => Promise<unknown>][] = [
      ['list, newest first', () => listOf({})],
      ['list, page 2 (cursor)', () => listOf({ cursor: encodeCursor(first.nextKey!) })],
      ['list, negative only', () => listOf({ sentiment: 'negative' })],
      ['list, search "latte"', () => listOf({ q: 'latte' })],
      ['list, search "rude barista" phrase', () => listOf({ q: '"rude barista"' })],
      ['list, most engaged', () => listOf({ sort: 'most-engaged' })],
      ['list, oldest first', () => listOf({ sort: 'oldest' })],
      [
        'summary (chart, share of voice, sources)',
        () => summariseMentions(ctx, { actor, input: { brandId, relevance: 'relevant', about: 'all' } }),
      ],
    ];
    for (const [name, run] of cases) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push((await timed(run)).ms);
      captured.length = 0;
      capturing = true;
      await run();
      capturing = false;
      console.log(`\n  ${name}: ${median(times).toFixed(1)} ms (median of ${RUNS}, the whole action)`);
      for (const statement of captured.filter((entry) => entry.query.includes('"consumer_insights"'))) {
        const plan = await explain(pool, statement);
        console.log(
          `    ${plan.seqScan ? 'SEQUENTIAL SCAN' : 'no seq scan'}, ${plan.execution}: ${plan.nodes.join(' > ')}`,
        );
        if (process.env.PRINT_PLANS) console.log(plan.lines.map((line) => `      ${line}`).join('\n'));
      }
    }

    const before = process.memoryUsage().rss;
    let peak = before;
    let bytes = 0;
    const exporting = await timed(async () => {
      const { stream } = await exportMentionsCsv(ctx, {
        actor,
        input: { brandId, relevance: 'relevant', about: 'all', sort: 'newest' },
      });
      await pipeline(
        stream,
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            bytes += chunk.length;
            peak = Math.max(peak, process.memoryUsage().rss);
            done();
          },
        }),
      );
    });
    console.log(
      `\n  CSV export of every relevant mention: ${(bytes / 1e6).toFixed(1)} MB in ${(exporting.ms / 1000).toFixed(1)} s, ` +
        `resident memory ${(before / 1e6).toFixed(0)} MB before, at most ${(peak / 1e6).toFixed(0)} MB during`,
    );
  } finally {
    await pool.end();
    await database.close();
  }
}

await measure();
