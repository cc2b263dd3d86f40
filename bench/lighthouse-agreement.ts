/**
 * Our SEO checks against Lighthouse's SEO category, page by page, on the fixture site.
 *
 * Our crawl of the fixture site gives the pages (every HTML page that answered 200 or 404);
 * Lighthouse (the npm package, driving the Chromium that tests use through chrome-launcher) audits
 * each of them with only the SEO category. For every Lighthouse SEO audit we model, each page gets
 * two verdicts:
 * - Lighthouse: score 1 pass, score 0 fail; not applicable (or no score) is n/a.
 * - Ours: n/a when our check is not applicable (or not measured); otherwise the page fails when the
 *   check failed and its evidence names the page's URL, and passes when not. robots-txt is one
 *   verdict for the whole site, so it is every page's verdict.
 * The agreement is the share of (page, audit) pairs where both give a verdict and the verdicts match.
 *
 * Lighthouse's is-crawlable is our seo.is-crawlable on the home page and seo.indexable-pages on the
 * other pages. Lighthouse runs with ignoreStatusCode so the 404 page is audited rather than
 * reported as a failed load (that is how its http-status-code audit can fail).
 */
import fs from 'node:fs';
import type { CheckResult, CrawledPage } from '../src/server/analysis/types.ts';
import { startFixtureSite } from '../tests/doubles/fixture-site.ts';
import { chromiumExecutable } from '../tests/helpers/browser.ts';
import { auditDirectlyMedian, BENCH_SLOW_MS, ms } from './audit-fixture.ts';
import { launchChromeForLighthouse } from './lighthouse-chrome.ts';

/** Lighthouse's SEO audits that we model, in Lighthouse's order. */
const AUDITS = [
  'is-crawlable',
  'document-title',
  'meta-description',
  'http-status-code',
  'link-text',
  'crawlable-anchors',
  'robots-txt',
  'image-alt',
  'hreflang',
  'canonical',
] as const;
type AuditId = (typeof AUDITS)[number];

/** Our checks that judge the site as a whole rather than page by page. */
const SITE_WIDE = new Set(['seo.robots-txt']);
/** Our checks that look at every fetched page; the others look only at pages that answered 200 with HTML. */
const ALL_PAGES = new Set(['seo.http-status-code', 'seo.robots-txt']);

type Verdict = 'pass' | 'fail' | 'n/a' | 'error';

type LighthouseAudit = { score: number | null; scoreDisplayMode: string; displayValue?: string; explanation?: string };

function ourCheckId(audit: AuditId, isHome: boolean): string {
  if (audit === 'is-crawlable') return isHome ? 'seo.is-crawlable' : 'seo.indexable-pages';
  return `seo.${audit}`;
}

function ourVerdict(check: CheckResult | undefined, page: CrawledPage): Verdict {
  if (!check || check.status === 'not_applicable' || check.status === 'not_measured') return 'n/a';
  if (check.status === 'pass') return 'pass';
  if (SITE_WIDE.has(check.id)) return 'fail';
  const urls = new Set([page.url, page.finalUrl]);
  return check.evidence.some((item) => item.url !== undefined && urls.has(item.url)) ? 'fail' : 'pass';
}

function lighthouseVerdict(audit: LighthouseAudit | undefined): Verdict {
  if (!audit || audit.scoreDisplayMode === 'error') return 'error';
  if (audit.score === null || audit.scoreDisplayMode === 'notApplicable') return 'n/a';
  if (audit.score === 1) return 'pass';
  if (audit.score === 0) return 'fail';
  return 'n/a';
}

/** What our check says about the page, in a few words, for the disagreement table. */
function ourNote(check: CheckResult | undefined, page: CrawledPage): string {
  if (!check) return 'no such check';
  const notes = check.evidence
    .filter((item) => item.url === page.url || item.url === page.finalUrl)
    .map((item) => item.note ?? String(item.value ?? ''))
    .filter(Boolean);
  return notes.length > 0 ? notes.join('; ') : check.summary;
}

async function findChromium(): Promise<{ executablePath: string; env?: Record<string, string> } | null> {
  try {
    const found = await chromiumExecutable();
    return fs.existsSync(found.executablePath) ? found : null;
  } catch {
    return null;
  }
}

export async function measureLighthouseAgreement() {
  console.log('\nOur SEO checks against Lighthouse (SEO category), per page, on the fixture site');
  const chromium = await findChromium();
  if (!chromium) {
    console.log('  Skipped: no Chromium found (set CHROMIUM_PATH, or install Debian chromium at /usr/bin/chromium)');
    return null;
  }
  const site = await startFixtureSite({ slowMs: BENCH_SLOW_MS });
  try {
    const { median } = await auditDirectlyMedian(site.url);
    const { snapshot, checks } = median;
    const ourMs = median.crawlMs + median.checksMs;
    const byId = new Map(checks.map((check) => [check.id, check]));
    const pages = snapshot.pages.filter((page) => page.html !== null && (page.status === 200 || page.status === 404));
    const home = snapshot.pages[0];

    const launchStarted = performance.now();
    const { lighthouse, chrome } = await launchChromeForLighthouse();
    const launchMs = performance.now() - launchStarted;

    type Row = { page: string; audit: AuditId; ours: Verdict; lighthouse: Verdict; detail: string; examined: boolean };
    const rows: Row[] = [];
    const pageTimes: { page: string; ms: number; problem?: string }[] = [];
    try {
      for (const page of pages) {
        const url = page.finalUrl || page.url;
        const label = new URL(url).pathname;
        const started = performance.now();
        const result = await lighthouse(url, {
          port: chrome.port,
          onlyCategories: ['seo'],
          logLevel: 'error',
          output: 'json',
          ignoreStatusCode: true,
        });
        const elapsed = performance.now() - started;
        const lhr = result?.lhr;
        pageTimes.push({ page: label, ms: elapsed, problem: lhr?.runtimeError?.message });
        for (const audit of AUDITS) {
          const check = byId.get(ourCheckId(audit, page === home));
          const lighthouseAudit = lhr?.audits[audit] as LighthouseAudit | undefined;
          const lighthouseSays = lighthouseVerdict(lighthouseAudit);
          const oursSays = ourVerdict(check, page);
          const detail = [
            `LH: ${lighthouseAudit?.explanation || lighthouseAudit?.displayValue || '—'}`,
            `ours: ${ourNote(check, page)}`,
          ].join(' | ');
          const examined = check ? ALL_PAGES.has(check.id) || page.status === 200 : false;
          rows.push({ page: label, audit, ours: oursSays, lighthouse: lighthouseSays, detail, examined });
        }
      }
    } finally {
      chrome.kill();
    }

    const lighthouseMs = pageTimes.reduce((sum, item) => sum + item.ms, 0);
    console.log(
      `  ${pages.length} pages (HTML, status 200 or 404, from our crawl; /slow.html answers after ${BENCH_SLOW_MS} ms); ` +
        `Chromium ${chromium.executablePath}, started in ${ms(launchMs)}`,
    );
    for (const item of pageTimes) {
      console.log(
        `    ${item.page.padEnd(20)} Lighthouse ${ms(item.ms).padStart(9)}${item.problem ? `  (${item.problem})` : ''}`,
      );
    }

    const compared = rows.filter((row) => isVerdict(row.ours) && isVerdict(row.lighthouse));
    const agreed = compared.filter((row) => row.ours === row.lighthouse);
    const disagreements = compared.filter((row) => row.ours !== row.lighthouse);
    const errors = rows.filter((row) => row.lighthouse === 'error');
    const oneSided = rows.filter(
      (row) => isVerdict(row.ours) !== isVerdict(row.lighthouse) && row.lighthouse !== 'error',
    );

    console.log('  Per audit: agreed / compared (n/a on either side not compared)');
    for (const audit of AUDITS) {
      const ofAudit = compared.filter((row) => row.audit === audit);
      const agreeing = ofAudit.filter((row) => row.ours === row.lighthouse).length;
      const failing = ofAudit.filter((row) => row.lighthouse === 'fail').map((row) => row.page);
      console.log(
        `    ${audit.padEnd(18)} ${`${agreeing} / ${ofAudit.length}`.padStart(7)}` +
          (failing.length ? `   Lighthouse fails: ${failing.join(', ')}` : ''),
      );
    }

    if (disagreements.length === 0) console.log('  Disagreements: none');
    else {
      console.log('  Disagreements');
      console.log(
        `    ${'page'.padEnd(20)} ${'audit'.padEnd(18)} ${'Lighthouse'.padEnd(10)} ${'ours'.padEnd(6)} detail`,
      );
      for (const row of disagreements) {
        console.log(
          `    ${row.page.padEnd(20)} ${row.audit.padEnd(18)} ${row.lighthouse.padEnd(10)} ${row.ours.padEnd(6)} ${row.detail}`,
        );
      }
    }
    if (oneSided.length > 0) {
      console.log('  Verdict on one side only (not compared)');
      for (const row of oneSided) {
        console.log(
          `    ${row.page.padEnd(20)} ${row.audit.padEnd(18)} Lighthouse ${row.lighthouse}, ours ${row.ours}`,
        );
      }
    }
    if (errors.length > 0) {
      console.log(`  Lighthouse errors (not compared): ${errors.map((row) => `${row.page} ${row.audit}`).join(', ')}`);
    }

    const share = compared.length ? agreed.length / compared.length : 0;
    const examined = compared.filter((row) => row.examined);
    const examinedAgreed = examined.filter((row) => row.ours === row.lighthouse).length;
    const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
    console.log(
      `  Agreement: ${agreed.length} of ${compared.length} verdicts = ${percent(share)} ` +
        `(target at least 95%: ${share >= 0.95 ? 'met' : 'NOT met'})`,
    );
    if (examined.length !== compared.length) {
      console.log(
        `    of which on pages our check itself examines: ${examinedAgreed} of ${examined.length} = ` +
          `${percent(examined.length ? examinedAgreed / examined.length : 0)} ` +
          `(our per-page checks skip non-200 pages, which then count as passing)`,
      );
    }
    console.log(
      `  Time: Lighthouse ${ms(lighthouseMs)} for ${pages.length} pages (Chromium start not included) vs our ` +
        `crawl + checks ${ms(ourMs)} (median of 3, whole site, all areas) = ${(lighthouseMs / ourMs).toFixed(1)}×`,
    );
    return { share, lighthouseMs, ourMs, disagreements };
  } finally {
    await site.close();
  }
}

function isVerdict(verdict: Verdict): verdict is 'pass' | 'fail' {
  return verdict === 'pass' || verdict === 'fail';
}
