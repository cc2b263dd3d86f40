/**
 * Rendering pages built in the browser (decision 0020), in figures:
 * - a server-rendered site (tests/fixtures/site) audited as before (no render settings: the crawl
 *   never looks at rendering) and as now (render mode auto: each page is tested against the rule,
 *   no browser starts), median of RUNS interleaved runs each;
 * - a site that builds itself in the browser (tests/fixtures/spa-site) audited with rendering
 *   (crawl with Chromium started for the audit, checks, scoring; median of RUNS), against
 *   Lighthouse on the same pages driving the same Chromium: all four categories (its default run)
 *   and only accessibility and SEO (the categories our checks overlap), one run per page, plus
 *   starting Chrome once.
 */
import type { RenderSettings } from '../src/server/analysis/crawler.ts';
import { crawlSite } from '../src/server/analysis/crawler.ts';
import { buildsContentWithScripts } from '../src/server/analysis/render/needs-rendering.ts';
import { runAllChecks } from '../src/server/analysis/run-checks.ts';
import { scoreAudit } from '../src/server/analysis/scoring/score.ts';
import { startFixtureSite } from '../tests/doubles/fixture-site.ts';
import { startSpaSite } from '../tests/doubles/spa-site.ts';
import { BENCH_SLOW_MS, FIXTURE_BRAND, fixtureLogo, median, ms } from './audit-fixture.ts';
import { launchChromeForLighthouse } from './lighthouse-chrome.ts';

const RUNS = 7;

async function audit(siteUrl: string, render: RenderSettings | undefined) {
  const started = performance.now();
  const snapshot = await crawlSite(siteUrl, { allowLoopback: true, render });
  const { checks } = await runAllChecks({ snapshot, brand: FIXTURE_BRAND, logo: fixtureLogo() });
  scoreAudit(checks);
  return { ms: performance.now() - started, snapshot, checks };
}

const row = (name: string, values: number[]) =>
  console.log(
    `    ${name.padEnd(44)} ${ms(median(values)).padStart(10)}   runs: ${values.map((value) => ms(value)).join(', ')}`,
  );

async function serverRenderedSite() {
  const site = await startFixtureSite({ slowMs: BENCH_SLOW_MS });
  try {
    const before: number[] = [];
    const after: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      before.push((await audit(site.url, undefined)).ms);
      after.push((await audit(site.url, { mode: 'auto' })).ms);
    }
    const sample = await audit(site.url, { mode: 'auto' });
    const rendered = sample.snapshot.pages.filter((page) => page.rendering).length;
    console.log(`  Server-rendered fixture site (${sample.snapshot.pages.length} pages; ${rendered} rendered)`);
    row('before: no rendering step', before);
    row('after: rendering auto (rule only, no browser)', after);
    console.log(`    difference of medians: ${ms(median(after) - median(before))} (the machine's noise is larger)`);
    // The rule itself, on pages the crawl has parsed already (link reading shares the parse).
    const started = performance.now();
    for (let round = 0; round < 100; round += 1)
      for (const page of sample.snapshot.pages) buildsContentWithScripts(page);
    const perPage = (performance.now() - started) / (100 * sample.snapshot.pages.length);
    console.log(`    the rule itself: ${(perPage * 1000).toFixed(0)} µs a page`);
  } finally {
    await site.close();
  }
}

async function lighthouseOn(urls: string[], categories: string[]) {
  const launchStarted = performance.now();
  const { lighthouse, chrome } = await launchChromeForLighthouse();
  const launchMs = performance.now() - launchStarted;
  const perPage: number[] = [];
  try {
    for (const url of urls) {
      const started = performance.now();
      const result = await lighthouse(url, {
        port: chrome.port,
        onlyCategories: categories,
        logLevel: 'error',
        output: 'json',
      });
      if (result?.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
      perPage.push(performance.now() - started);
    }
  } finally {
    chrome.kill();
  }
  return { launchMs, perPage, totalMs: launchMs + perPage.reduce((sum, value) => sum + value, 0) };
}

async function renderedSite() {
  const site = await startSpaSite();
  try {
    const ours: number[] = [];
    let sample: Awaited<ReturnType<typeof audit>> | undefined;
    for (let run = 0; run < RUNS; run += 1) {
      sample = await audit(site.url, { mode: 'auto' });
      ours.push(sample.ms);
    }
    const pages = sample?.snapshot.pages ?? [];
    const renderMs = pages.map((page) => (page.rendering?.status === 'rendered' ? page.rendering.ms : 0));
    const failing = sample?.checks.filter((check) => check.status === 'fail').map((check) => check.id) ?? [];
    console.log(`  Site built in the browser (tests/fixtures/spa-site): ${pages.length} pages, all rendered`);
    row('our audit (crawl + render + checks + scoring)', ours);
    console.log(
      `    rendering per page (last run): ${renderMs.map((value) => ms(value)).join(', ')}; failing: ${failing.join(', ')}`,
    );
    const urls = pages.map((page) => page.finalUrl);
    for (const categories of [
      ['performance', 'accessibility', 'best-practices', 'seo'],
      ['accessibility', 'seo'],
    ]) {
      const lighthouse = await lighthouseOn(urls, categories);
      console.log(
        `    Lighthouse (${categories.join(', ')}): ${ms(lighthouse.totalMs)} ` +
          `(Chrome start ${ms(lighthouse.launchMs)}; pages ${lighthouse.perPage.map((value) => ms(value)).join(', ')}); ` +
          `${(lighthouse.totalMs / median(ours)).toFixed(1)}× our audit`,
      );
    }
  } finally {
    await site.close();
  }
}

export async function measureRendering() {
  console.log('\nRendering pages built in the browser');
  await serverRenderedSite();
  await renderedSite();
}
