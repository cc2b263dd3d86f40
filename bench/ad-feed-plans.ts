/**
 * The ad library at volume, on PostgreSQL (TEST_DATABASE_URL): a brand with five competitors of
 * 20,000 ads each, beside 50,000 ads of other accounts, analysed. Each request of the library (a
 * page, a deep page, a search, the summary, an export batch) runs through its action, timed (median
 * of five), and every query it sent is shown with its plan's node types and execution time (EXPLAIN
 * ANALYZE). Run alone: `npx tsx bench/ad-feed-plans.ts`.
 */
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../src/server/db/client.ts';
import * as schema from '../src/server/db/schema/index.ts';
import { exportAdsCsv } from '../src/server/features/ad-library/export-ads-csv.ts';
import { listAds } from '../src/server/features/ad-library/list-ads.ts';
import { summariseAds } from '../src/server/features/ad-library/summarise-ads.ts';
import type { Actor } from '../src/server/http/access.ts';
import { encodeCursor } from '../src/server/http/paging.ts';
import { ZAdExportQuery, ZAdFeedFilters, ZAdListQuery } from '../src/shared/schemas/ad-feed.ts';
import { createTestApp } from '../tests/helpers/app.ts';
import { testDatabaseUrl } from '../tests/helpers/database.ts';

type Captured = { query: string; params: unknown[] };
type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };

function nodeTypes(node: PlanNode): string[] {
  const own = node['Index Name'] ? `${node['Node Type']} (${node['Index Name']})` : node['Node Type'];
  return [own, ...(node.Plans ?? []).flatMap(nodeTypes)];
}

async function seed(db: Database, ownerId: string, brandId: string, competitors: number, each: number, tag: string) {
  for (let index = 0; index < competitors; index++) {
    const [competitor] = await db
      .insert(schema.competitors)
      .values({ brandId, userId: ownerId, name: `${tag} competitor ${index + 1}` })
      .returning();
    await db.execute(sql`
      insert into ad_library_entries (user_id, competitor_id, platform, ad_id, ad_title, ad_text, is_active,
        first_seen_at, last_seen_at, publisher_platforms, source)
      select ${ownerId}::uuid, ${competitor!.id}::uuid, (array['meta', 'tiktok'])[1 + g % 2], ${tag} || '-' || g,
        (array['Summer sale', 'Fresh coffee', 'Café crème', 'Barista course', 'Free delivery'])[1 + g % 5],
        (array['Summer sale on espresso machines, this week only', 'Fresh coffee delivered to your door',
          'Café crème for two at our new café', 'Barista course: learn latte art', 'Free delivery over £25'])[1 + g % 5]
          || ' offer ' || g || case when g % 1000 = 0 then ' zeppelin' else '' end,
        g % 3 <> 0,
        now() - (g % 365) * interval '1 day' - g * interval '1 second',
        case when g % 3 <> 0 then now() - (g % 48) * interval '1 hour'
          else now() - (g % 365) * interval '1 day' + (g % 30) * interval '1 day' end,
        case when g % 2 = 0 then '["facebook", "instagram"]'::jsonb else '[]'::jsonb end, 'meta'
      from generate_series(1, ${each}) as g`);
  }
}

export async function measureAdFeedPlans() {
  if (!testDatabaseUrl) {
    console.log('\nAd library at volume: skipped (needs PostgreSQL: set TEST_DATABASE_URL)');
    return;
  }
  const target = await createTestApp();
  const pool = new pg.Pool({ connectionString: target.database.connectionString });
  const captured: Captured[] = [];
  const db = drizzle(pool, {
    schema,
    casing: 'snake_case',
    logger: { logQuery: (query, params) => void captured.push({ query, params }) },
  }) as unknown as Database;
  try {
    await target.signInAs('bench-feed@example.com');
    await target.signInAs('bench-others@example.com');
    const [user] = await db.select().from(schema.users).where(eq(schema.users.email, 'bench-feed@example.com'));
    const [other] = await db.select().from(schema.users).where(eq(schema.users.email, 'bench-others@example.com'));
    const [brand] = await db.insert(schema.brands).values({ userId: user!.id, name: 'Bench Coffee' }).returning();
    const [otherBrand] = await db.insert(schema.brands).values({ userId: other!.id, name: 'Others' }).returning();
    let started = performance.now();
    await seed(db, user!.id, brand!.id, 5, 20_000, 'bench');
    await seed(db, other!.id, otherBrand!.id, 5, 10_000, 'other');
    await pool.query('vacuum analyze ad_library_entries');
    await pool.query('analyze competitors');
    console.log(
      `\nAd library at volume (PostgreSQL): 150,000 ads seeded and analysed in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const actor: Actor = {
      user: user!,
      isAdmin: false,
      ownerIds: [user!.id],
      owners: [user!],
      workspaceOwnerId: user!.id,
    };
    const brandId = brand!.id;
    const deep = await pool.query(
      `select to_char(a.seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as seen, a.id
       from ad_library_entries a join competitors c on c.id = a.competitor_id
       where c.brand_id = $1 order by a.seen_at desc, a.id desc offset 60000 limit 1`,
      [brandId],
    );
    const deepCursor = encodeCursor([deep.rows[0].seen, deep.rows[0].id]);
    const list = (query: Record<string, string>) => () =>
      listAds({ db }, { actor, query: ZAdListQuery.parse({ brandId, ...query }) });
    const scenarios: [string, () => Promise<unknown>][] = [
      ['list, newest, first page of 50', list({})],
      ['list, newest, page after 60,000 ads', list({ cursor: deepCursor })],
      ['list, newest, running on Meta, 200', list({ status: 'running', platform: 'meta', limit: '200' })],
      ['list, search "summer sale" (20% of ads)', list({ q: 'summer sale' })],
      ['list, search zeppelin (0.1% of ads)', list({ q: 'zeppelin' })],
      ['list, search "\\"café crème\\"" phrase', list({ q: '"café crème"' })],
      [
        'list, ran in the last 30 days',
        list({ from: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10) }),
      ],
      ['list, longest running, first page', list({ sort: 'longest-running' })],
      ['summary, no filter', () => summariseAds({ db }, { actor, filters: ZAdFeedFilters.parse({ brandId }) })],
      [
        'summary, search zeppelin',
        () => summariseAds({ db }, { actor, filters: ZAdFeedFilters.parse({ brandId, q: 'zeppelin' }) }),
      ],
      [
        'export, first batch of 1,000',
        async () => {
          const { lines } = await exportAdsCsv({ db }, { actor, query: ZAdExportQuery.parse({ brandId }) });
          await lines.next();
          await lines.next();
          await lines.return(undefined);
        },
      ],
    ];
    for (const [name, run] of scenarios) {
      const times: number[] = [];
      for (let round = 0; round < 5; round++) {
        captured.length = 0;
        started = performance.now();
        await run();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.log(`  ${name}: ${times[2]!.toFixed(1)} ms (median of 5)`);
      for (const { query, params } of captured) {
        if (!/ad_library_entries/.test(query)) continue;
        const result = await pool.query(`explain (analyze, format json) ${query}`, params as unknown[]);
        const [plan] = result.rows[0]['QUERY PLAN'] as { Plan: PlanNode; 'Execution Time': number }[];
        const kind = /count\(\*\)|grouping|jsonb_array_elements/.test(query) ? 'aggregate' : 'rows';
        console.log(
          `    ${kind} query, ${plan!['Execution Time'].toFixed(1)} ms: ${[...new Set(nodeTypes(plan!.Plan))].join(' > ')}`,
        );
      }
    }
  } finally {
    await pool.end();
    await target.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await measureAdFeedPlans();
