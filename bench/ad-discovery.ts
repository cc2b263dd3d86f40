/**
 * How long discovering 500 ads of one competitor takes, from the Graph API double on loopback
 * (pages of 250, so two calls):
 * - the connector alone: fetching and parsing every page (median of 3);
 * - through the product: POST /api/competitors/:id/discover-ads and polling the task until the job
 *   queue has completed it (search, parse, upsert), then a second run that updates all 500.
 */
import { eq } from 'drizzle-orm';
import { competitors, users } from '../src/server/db/schema/index.ts';
import { searchAdsArchive } from '../src/server/integrations/meta-ad-library/fetch-ads-archive.ts';
import { toAdFields } from '../src/server/integrations/meta-ad-library/parse-ads-archive.ts';
import type { TAdDiscoveryTask } from '../src/shared/schemas/ad-discovery.ts';
import { manyAds, startMetaGraphDouble } from '../tests/doubles/meta-graph.ts';
import { createWorkingTestApp, waitFor } from '../tests/helpers/jobs.ts';
import { setPlan } from '../tests/helpers/seed.ts';
import { median } from './measure.ts';

const ADS = 500;
const RUNS = 3;
const PAGE_ID = '4242';

export async function measureAdDiscovery() {
  const graph = await startMetaGraphDouble();
  graph.setAds(PAGE_ID, manyAds(ADS, 'bench-'));
  const target = await createWorkingTestApp({
    env: { META_AD_LIBRARY_TOKEN: 'bench-token', META_GRAPH_URL: graph.graphUrl },
  });
  try {
    console.log(`\nAd discovery of ${ADS} ads from the Graph API double (loopback, pages of 250)`);
    const direct: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      let mapped = 0;
      await searchAdsArchive(
        { graphUrl: graph.graphUrl, token: 'bench-token', pageId: PAGE_ID, searchTerms: '', countries: ['GB'] },
        {
          onPage: async ({ ads }) => {
            mapped += ads.map((ad) => toAdFields(ad)).length;
          },
        },
      );
      if (mapped !== ADS) throw new Error(`the connector read ${mapped} ads`);
      direct.push(performance.now() - started);
    }
    console.log(`  connector alone, median of ${RUNS}: ${Math.round(median(direct))} ms (fetch, parse, map)`);

    const cookie = await target.signInAs('bench-ads@example.com');
    await setPlan(target.database, 'bench-ads@example.com', 'smb');
    const [owner] = await target.database.db.select().from(users).where(eq(users.email, 'bench-ads@example.com'));
    const brand = await target.app.inject({
      method: 'POST',
      url: '/api/brands',
      headers: { cookie },
      payload: { name: 'Bench Brand', websiteUrl: 'https://example.com' },
    });
    const [competitor] = await target.database.db
      .insert(competitors)
      .values({ userId: owner!.id, brandId: brand.json().id, name: 'Bench Competitor', facebookPageId: PAGE_ID })
      .returning();
    for (const label of ['first run (500 new)', 'second run (500 updated)']) {
      const started = performance.now();
      const reply = await target.app.inject({
        method: 'POST',
        url: `/api/competitors/${competitor!.id}/discover-ads`,
        headers: { cookie },
      });
      const task = await waitFor(
        async () =>
          (
            await target.app.inject({ method: 'GET', url: `/api/ad-discovery/${reply.json().id}`, headers: { cookie } })
          ).json() as TAdDiscoveryTask,
        (current) => current.status === 'completed' || current.status === 'failed',
        { intervalMs: 50, what: 'the ad discovery' },
      );
      if (task.status !== 'completed') throw new Error(`the discovery failed: ${task.error}`);
      console.log(
        `  through the job queue, ${label}: ${Math.round(performance.now() - started)} ms (${task.result?.added} added, ${task.result?.updated} updated; includes queue pick-up, polled every 50 ms)`,
      );
    }
  } finally {
    await target.close();
    await graph.close();
  }
}
