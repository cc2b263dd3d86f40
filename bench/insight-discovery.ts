/**
 * How long a discovery of a 1,000-item feed takes:
 * - directly: fetching the feed through the SSRF-safe fetch, parsing it, and analysing its items
 *   with the local engine in this process (median of 3);
 * - through the product: POST /api/consumer-insights/discover and polling the task until the job
 *   queue has completed it (fetch, parse, dedupe lookup, analysis, storing), then a second run that
 *   finds every item already stored.
 *
 * The feed is served on loopback by tests/doubles/insight-sources-site.ts from review texts written
 * for the fixtures (not from any labelled sentiment data).
 */
import { eq } from 'drizzle-orm';
import { users } from '../src/server/db/schema/index.ts';
import { analyseInsightText } from '../src/server/features/insights/analyse-insight.ts';
import { fetchFeed } from '../src/server/integrations/insight-sources/fetch-source.ts';
import type { TDiscoveryTask } from '../src/shared/schemas/insight-sources.ts';
import { startInsightSourcesSite } from '../tests/doubles/insight-sources-site.ts';
import { createWorkingTestApp, waitFor } from '../tests/helpers/jobs.ts';
import { median } from './measure.ts';

const ITEMS = 1000;
const RUNS = 3;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function measureDirectly(feedUrl: string) {
  const fetchParse: number[] = [];
  const analyse: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const feed = await fetchFeed(feedUrl, { allowLoopback: true });
    const parsed = performance.now();
    for (const item of feed.items) await analyseInsightText(item.text, { ai: null });
    fetchParse.push(parsed - started);
    analyse.push(performance.now() - parsed);
    if (feed.items.length !== ITEMS) throw new Error(`the feed had ${feed.items.length} items`);
  }
  return { fetchParseMs: median(fetchParse), analyseMs: median(analyse) };
}

export async function measureInsightDiscovery() {
  const site = await startInsightSourcesSite();
  const feedUrl = `${site.url}/feeds/generated.xml?items=${ITEMS}`;
  const target = await createWorkingTestApp({ env: { CRAWLER_ALLOW_LOOPBACK: 'true' } });
  try {
    console.log(`\nInsight discovery of a ${ITEMS.toLocaleString('en-GB')}-item RSS feed (loopback)`);
    const direct = await measureDirectly(feedUrl);
    console.log(
      `  directly, median of ${RUNS}: fetch and parse ${Math.round(direct.fetchParseMs)} ms, local analysis ${Math.round(direct.analyseMs)} ms (${Math.round((ITEMS / direct.analyseMs) * 1000)} items per second)`,
    );

    const email = 'bench-discovery@example.com';
    const cookie = await target.signInAs(email);
    await target.database.db.update(users).set({ planType: 'smb', maxBrands: 5 }).where(eq(users.email, email));
    const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
      target.app.inject({ method, url, payload, headers: { cookie } });
    const brand = await inject('POST', '/api/brands', { name: 'Bench Roasters' });
    const source = await inject('POST', `/api/brands/${brand.json().id}/insight-sources`, {
      kind: 'feed',
      url: feedUrl,
    });
    if (source.statusCode !== 201) throw new Error(`adding the feed failed: ${source.body}`);

    const discover = async () => {
      const started = performance.now();
      const response = await inject('POST', '/api/consumer-insights/discover', { brandId: brand.json().id });
      const task: TDiscoveryTask = await waitFor(
        async () => (await inject('GET', `/api/consumer-insights/discoveries/${response.json().id}`)).json(),
        (current: TDiscoveryTask) => current.status === 'completed' || current.status === 'failed',
        { intervalMs: 50, timeoutMs: 120_000, what: 'the discovery' },
      );
      if (task.status !== 'completed') throw new Error(`the discovery failed: ${task.error}`);
      return { ms: performance.now() - started, task };
    };
    const first = await discover();
    console.log(
      `  through the product: ${seconds(first.ms)} to add ${first.task.result?.added} insights (request, queue pick-up at 0.5 s polling, fetch, parse, analysis, storing)`,
    );
    const second = await discover();
    console.log(
      `  second run: ${seconds(second.ms)}, ${second.task.result?.added} added, ${second.task.result?.duplicates} already stored`,
    );
  } finally {
    await target.close();
    await site.close();
  }
}

if (process.argv[1]?.endsWith('insight-discovery.ts')) {
  await measureInsightDiscovery();
  process.exit(0);
}
