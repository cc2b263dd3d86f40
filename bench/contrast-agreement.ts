/**
 * Our colour-contrast check (computed from the CSS cascade) against axe-core's color-contrast rule
 * run in Chromium on the rendered pages, on the fixture site: failing text elements per page, and
 * the time each takes. Chromium renders at 412 × 823 CSS pixels, the screen our cascade assumes.
 */
import { fileURLToPath } from 'node:url';
import axe from 'axe-core';
import { crawlSite } from '../src/server/analysis/crawler.ts';
import { contrastByPage } from '../src/server/analysis/website/colour-contrast.ts';
import { htmlPagesOf } from '../src/server/analysis/website/pages.ts';
import { startFixtureSite } from '../tests/doubles/fixture-site.ts';
import { startStaticSite } from '../tests/doubles/static-site.ts';
import { launchBrowser } from '../tests/helpers/browser.ts';
import { BENCH_SLOW_MS, ms } from './audit-fixture.ts';

type AxeCounts = { violations: number; passes: number; incomplete: number };

const AXE_IN_PAGE = `(async () => {
  const run = await window.axe.run(document, { runOnly: ['color-contrast'] });
  const nodes = (results) => results.reduce((sum, result) => sum + result.nodes.length, 0);
  return { violations: nodes(run.violations), passes: nodes(run.passes), incomplete: nodes(run.incomplete) };
})()`;

const CONTRAST_FIXTURE_DIR = fileURLToPath(new URL('../tests/fixtures/contrast/', import.meta.url));

export async function measureContrastAgreement() {
  console.log(
    '\nOur colour contrast (CSS cascade) against axe-core color-contrast in Chromium, on the fixture site and tests/fixtures/contrast',
  );
  const site = await startFixtureSite({ slowMs: BENCH_SLOW_MS });
  const contrastSite = await startStaticSite(CONTRAST_FIXTURE_DIR);
  const browser = await launchBrowser();
  try {
    const snapshots = [
      await crawlSite(site.url, { allowLoopback: true }),
      await crawlSite(contrastSite.url, { allowLoopback: true }),
    ];
    const pages = snapshots.flatMap((snapshot) => htmlPagesOf(snapshot));
    const oursStarted = performance.now();
    const ours = snapshots.flatMap((snapshot) => contrastByPage(htmlPagesOf(snapshot), snapshot));
    const oursMs = performance.now() - oursStarted;

    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const tab = await context.newPage();
    const axeStarted = performance.now();
    const theirs: AxeCounts[] = [];
    for (const page of pages) {
      await tab.goto(page.url);
      await tab.addScriptTag({ content: axe.source });
      // A string, so the bundler's helpers for named functions never reach the page.
      theirs.push(await tab.evaluate<AxeCounts>(AXE_IN_PAGE));
    }
    const axeMs = performance.now() - axeStarted;

    let agreedPages = 0;
    ours.forEach((tally, index) => {
      const axeCounts = theirs[index]!;
      const agreed = tally.failed > 0 === axeCounts.violations > 0;
      if (agreed) agreedPages += 1;
      console.log(
        `    ${tally.url.replace(/^http:\/\/127\.0\.0\.1:\d+/, '').padEnd(20)} failing: ours ${String(tally.failed).padStart(3)}, axe ${String(axeCounts.violations).padStart(3)}` +
          `   measured: ours ${tally.measured} (+${tally.unmeasured.length} not measured), axe ${axeCounts.violations + axeCounts.passes} (+${axeCounts.incomplete} undecided)` +
          `${agreed ? '' : '   DISAGREE'}`,
      );
    });
    const oursFailed = ours.reduce((sum, tally) => sum + tally.failed, 0);
    const axeFailed = theirs.reduce((sum, counts) => sum + counts.violations, 0);
    console.log(
      `  Page verdicts agree on ${agreedPages} of ${pages.length}; failing elements: ours ${oursFailed}, axe ${axeFailed}`,
    );
    console.log(`  Time: axe in Chromium ${ms(axeMs)} (page loads included) vs ours ${ms(oursMs)}`);
    return { agreedPages, pages: pages.length, oursFailed, axeFailed, oursMs, axeMs };
  } finally {
    await browser.close();
    await site.close();
    await contrastSite.close();
  }
}
