/**
 * How long an audit of the fixture site (tests/fixtures/site) takes:
 * - directly: crawlSite + runAllChecks + scoreAudit in this process, median of 3 runs, split into
 *   crawl, each check area and scoring;
 * - through the product: POST /api/brands, POST /api/audits, then polling GET /api/audits/:id
 *   until the job queue has completed it (once).
 *
 * The fixture's /slow.html answers after BENCH_SLOW_MS (well under the crawler's 10 s page limit),
 * so it loads as a normal page and the figures measure our work rather than a timeout.
 */
import fs from 'node:fs';
import path from 'node:path';
import { crawlSite } from '../src/server/analysis/crawler.ts';
import { type BrandInput, runAllChecks } from '../src/server/analysis/run-checks.ts';
import { scoreAudit } from '../src/server/analysis/scoring/score.ts';
import type { CheckResult, SiteSnapshot } from '../src/server/analysis/types.ts';
import { FIXTURE_SITE_DIR, startFixtureSite } from '../tests/doubles/fixture-site.ts';
import { multipartFile } from '../tests/helpers/app.ts';
import { createWorkingTestApp, waitFor } from '../tests/helpers/jobs.ts';

/** How long the fixture's /slow.html takes to answer in benchmarks. */
export const BENCH_SLOW_MS = 200;
const RUNS = 3;

/** The brand the fixture site belongs to, as the API test declares it. */
export const FIXTURE_BRAND: BrandInput & { name: string } = {
  name: 'Northwind Roasters',
  instagramHandle: '@northwindroasters',
  twitterHandle: '@northwindroast',
  colourPalette: ['#1F2937', '#F9FAFB', '#D97706'],
  fonts: ['Inter'],
};

export function fixtureLogo() {
  return { buffer: fs.readFileSync(path.join(FIXTURE_SITE_DIR, 'images/logo.png')), mimetype: 'image/png' };
}

export type DirectAudit = {
  snapshot: SiteSnapshot;
  checks: CheckResult[];
  /** runAllChecks' timings (ms per area and sub-area, plus 'total') */
  timings: Record<string, number>;
  crawlMs: number;
  checksMs: number;
  scoreMs: number;
  totalMs: number;
};

/** One audit of `siteUrl` without the API or the job queue, as the audit job runs it. */
export async function auditDirectly(siteUrl: string): Promise<DirectAudit> {
  const logo = fixtureLogo();
  const started = performance.now();
  const snapshot = await crawlSite(siteUrl, { allowLoopback: true });
  const crawled = performance.now();
  const { checks, timings } = await runAllChecks({ snapshot, brand: FIXTURE_BRAND, logo });
  const checked = performance.now();
  scoreAudit(checks);
  const scored = performance.now();
  return {
    snapshot,
    checks,
    timings,
    crawlMs: crawled - started,
    checksMs: checked - crawled,
    scoreMs: scored - checked,
    totalMs: scored - started,
  };
}

/** Runs `runs` direct audits and returns them with the one of median total time. */
export async function auditDirectlyMedian(
  siteUrl: string,
  runs = RUNS,
): Promise<{ runs: DirectAudit[]; median: DirectAudit }> {
  const results: DirectAudit[] = [];
  for (let index = 0; index < runs; index += 1) results.push(await auditDirectly(siteUrl));
  const sorted = [...results].sort((a, b) => a.totalMs - b.totalMs);
  return { runs: results, median: sorted[Math.floor(sorted.length / 2)]! };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export const ms = (value: number) => `${Math.round(value).toLocaleString('en-GB')} ms`;

export async function measureFixtureAudit() {
  console.log(`\nAuditing the fixture site (tests/fixtures/site; /slow.html answers after ${BENCH_SLOW_MS} ms)`);
  const site = await startFixtureSite({ slowMs: BENCH_SLOW_MS });
  try {
    // (a) in process
    const { runs } = await auditDirectlyMedian(site.url);
    const first = runs[0]!;
    console.log(
      `  Direct (crawlSite + runAllChecks + scoreAudit), median of ${RUNS} runs; ${first.snapshot.pages.length} pages, ` +
        `${first.snapshot.problems.length} crawl problem(s), ${first.checks.length} checks`,
    );
    const row = (name: string, values: number[]) =>
      console.log(
        `    ${name.padEnd(34)} ${ms(median(values)).padStart(10)}   runs: ${values.map((value) => ms(value)).join(', ')}`,
      );
    row(
      'crawl',
      runs.map((run) => run.crawlMs),
    );
    row(
      'checks (runAllChecks)',
      runs.map((run) => run.checksMs),
    );
    const areas = Object.keys(first.timings).filter((key) => key !== 'total' && !key.endsWith('.pagesTested'));
    for (const area of areas)
      row(
        `  ${area}`,
        runs.map((run) => run.timings[area] ?? 0),
      );
    row(
      'scoring (scoreAudit)',
      runs.map((run) => run.scoreMs),
    );
    row(
      'total',
      runs.map((run) => run.totalMs),
    );
    const pagesTested = first.timings['website.accessibility.pagesTested'];
    if (pagesTested !== undefined) console.log(`    (accessibility tested ${pagesTested} pages)`);

    // (b) through the API and the job queue
    const target = await createWorkingTestApp({ env: { CRAWLER_ALLOW_LOOPBACK: 'true' } });
    try {
      const cookie = await target.signInAs('bench@example.com');
      const body = multipartFile(fixtureLogo().buffer, { fileName: 'logo.png', contentType: 'image/png' });
      const upload = await target.app.inject({
        method: 'POST',
        url: '/api/upload',
        payload: body.payload,
        headers: { ...body.headers, cookie },
      });
      const { name, colourPalette, fonts, instagramHandle, twitterHandle } = FIXTURE_BRAND;
      const brand = await target.app.inject({
        method: 'POST',
        url: '/api/brands',
        headers: { cookie },
        payload: {
          name,
          websiteUrl: site.url,
          instagramHandle,
          twitterHandle,
          colourPalette,
          fonts,
          logoUrl: upload.json().url,
        },
      });
      if (brand.statusCode !== 201 && brand.statusCode !== 200) {
        throw new Error(`POST /api/brands answered ${brand.statusCode}: ${brand.body}`);
      }
      const started = performance.now();
      const created = await target.app.inject({
        method: 'POST',
        url: '/api/audits',
        headers: { cookie },
        payload: { brandId: brand.json().id },
      });
      if (created.statusCode >= 300)
        throw new Error(`POST /api/audits answered ${created.statusCode}: ${created.body}`);
      const auditId: string = created.json().id;
      const reply = await waitFor(
        () => target.app.inject({ method: 'GET', url: `/api/audits/${auditId}`, headers: { cookie } }),
        (response) => response.json().status !== 'processing',
        { timeoutMs: 120_000, intervalMs: 25, what: `audit ${auditId}` },
      );
      const wallMs = performance.now() - started;
      const audit = reply.json();
      if (audit.status !== 'completed') throw new Error(`The audit ${audit.status}: ${audit.failureReason}`);
      const serverMs = Date.parse(audit.completedAt) - Date.parse(audit.createdAt);
      console.log('  Through the API and job queue (POST /api/audits → completed), once');
      console.log(
        `    ${'POST to completed, as polled'.padEnd(34)} ${ms(wallMs).padStart(10)}   (polling every 25 ms)`,
      );
      console.log(`    ${'createdAt to completedAt'.padEnd(34)} ${ms(serverMs).padStart(10)}`);
      console.log(
        `    ${'queue, storage, narrative overhead'.padEnd(34)} ${ms(wallMs - median(runs.map((run) => run.totalMs))).padStart(10)}` +
          '   (vs the direct median; the queue polls every 0.5 s)',
      );
      console.log(
        `    scores: overall ${audit.overallScore}, website ${audit.websiteScore}, social ${audit.socialMediaScore}, ` +
          `brand assets ${audit.brandAssetsScore}; ${audit.analysis?.crawl?.pages ?? '?'} pages crawled`,
      );
    } finally {
      await target.close();
    }
  } finally {
    await site.close();
  }
}
