/**
 * Audit wall time with and without reading social profiles, and proof that the reads overlap the
 * crawl. The fixture site (tests/fixtures/site) is crawled while the Bluesky, Mastodon and YouTube
 * doubles answer each API request after BENCH_API_LATENCY_MS (a real API's round trip), as the
 * audit job does it: reads started first, crawl next, both awaited before the checks.
 *
 * Prints, median of RUNS: crawl + checks alone; the profile reads alone; crawl and reads together
 * (started as the audit job starts them); and what running them one after the other would cost.
 * Lighthouse is not run here: docs/decisions/0024 says why the website part is unchanged.
 */
import { crawlSite } from '../src/server/analysis/crawler.ts';
import { runAllChecks } from '../src/server/analysis/run-checks.ts';
import { scoreAudit } from '../src/server/analysis/scoring/score.ts';
import { profileSourcesFrom, readProfiles } from '../src/server/analysis/social/read-profiles.ts';
import { referenceImages } from '../src/server/analysis/social/reference-images.ts';
import { startFixtureSite } from '../tests/doubles/fixture-site.ts';
import { testConfig } from '../tests/helpers/app.ts';
import { MASTODON_TEST_INSTANCE, passingAccounts, startSocialProfilesWorld } from '../tests/helpers/social-profiles.ts';
import { BENCH_SLOW_MS, FIXTURE_BRAND, fixtureLogo } from './audit-fixture.ts';

const RUNS = 3;
export const BENCH_API_LATENCY_MS = 150;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${Math.round(value)} ms`;

export async function measureSocialProfiles() {
  const site = await startFixtureSite({ slowMs: BENCH_SLOW_MS });
  const world = await startSocialProfilesWorld();
  try {
    const accounts = passingAccounts(site.url);
    world.bluesky.setAccounts([accounts.bluesky]);
    world.mastodon.setAccounts([accounts.mastodon]);
    world.youtube.setChannels([accounts.youtube]);
    for (const double of [world.bluesky, world.mastodon, world.youtube]) double.setLatency(BENCH_API_LATENCY_MS);
    const config = testConfig(world.env);
    const brand = {
      ...FIXTURE_BRAND,
      blueskyHandle: accounts.bluesky.handle,
      mastodonHandle: `${accounts.mastodon.username}@${MASTODON_TEST_INSTANCE}`,
      youtubeHandle: accounts.youtube.handle,
    };
    const logo = fixtureLogo();
    const read = () =>
      readProfiles(brand, { sources: profileSourcesFrom(config), allowLoopback: true, now: new Date() });
    const crawlAndCheck = async (reads: ReturnType<typeof read> | null) => {
      const snapshot = await crawlSite(site.url, { allowLoopback: true });
      const results = reads ? await reads : [];
      const references = results.length ? await referenceImages(logo, snapshot, { allowLoopback: true }) : [];
      const { checks } = await runAllChecks({
        snapshot,
        brand,
        logo,
        profiles: { results, brandName: FIXTURE_BRAND.name, references },
      });
      return scoreAudit(checks);
    };

    const crawlOnly: number[] = [];
    const crawlWithReads: number[] = [];
    const without: number[] = [];
    const readsAlone: number[] = [];
    const together: number[] = [];
    const requests: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      let started = performance.now();
      await crawlSite(site.url, { allowLoopback: true });
      crawlOnly.push(performance.now() - started);
      started = performance.now();
      await Promise.all([read(), crawlSite(site.url, { allowLoopback: true })]);
      crawlWithReads.push(performance.now() - started);

      started = performance.now();
      await crawlAndCheck(null);
      without.push(performance.now() - started);

      const before = world.bluesky.requests.length + world.mastodon.requests.length + world.youtube.requests.length;
      started = performance.now();
      await read();
      readsAlone.push(performance.now() - started);
      requests.push(
        world.bluesky.requests.length + world.mastodon.requests.length + world.youtube.requests.length - before,
      );

      started = performance.now();
      const scores = await crawlAndCheck(read());
      together.push(performance.now() - started);
      if (scores.socialMediaScore === null) throw new Error('the profiles were not measured');
    }
    const crawl = median(without);
    const reads = median(readsAlone);
    const both = median(together);
    console.log(`\nSocial profiles (${RUNS} runs, median; each API request answered after ${BENCH_API_LATENCY_MS} ms)`);
    console.log(`  crawl alone:                                       ${ms(median(crawlOnly))}`);
    console.log(`  crawl with the three reads running beside it:      ${ms(median(crawlWithReads))}`);
    console.log(`  audit without profile reads (crawl, checks, score): ${ms(crawl)}`);
    console.log(`  Bluesky + Mastodon + YouTube reads alone (${median(requests)} API requests): ${ms(reads)}`);
    console.log(`  audit with the reads started before the crawl:      ${ms(both)}`);
    console.log(`  one after the other would take about:              ${ms(crawl + reads)}`);
    console.log(
      `  time added to the audit (reads not hidden by the crawl, picture hashes, profile checks): ${ms(both - crawl)}`,
    );
  } finally {
    await world.close();
    await site.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await measureSocialProfiles();
