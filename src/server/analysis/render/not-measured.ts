/**
 * Pages that build their content with scripts and could not be rendered are left out of the
 * content checks (website/pages.ts). When no page is left to read, the checks that read page
 * content say "Not measured: this page builds its content with JavaScript" (with the pages and the
 * reason as evidence) instead of failing or passing on an empty shell; checks of the site as a
 * whole (status codes, robots.txt, the sitemap) and of the brand's declared details keep their
 * verdicts.
 */
import { readsPageContent } from '../scoring/coverage.ts';
import type { CheckResult, CrawledPage, SiteSnapshot } from '../types.ts';
import { htmlPagesOf } from '../website/pages.ts';

/** Checks of other areas that read page content; the rest judge the brand's declared details. */
const PAGE_READING_CHECKS = new Set([
  'social.profile-links',
  'social.profile-links-match',
  'social.tone-match',
  'brand.fonts-declared-used',
  'brand.font-family-count',
]);

/**
 * Whether the check's verdict stands on the pages' content: every website check but the
 * site-level ones, whatever it said (not applicable too: "no page declares hreflang" is unknown of
 * an empty shell); in other areas, only a pass or fail from page content ("no fonts declared" is
 * about the brand and stays).
 */
function restsOnPageContent(check: CheckResult): boolean {
  if (check.status === 'not_measured') return false;
  if (check.area === 'website') return readsPageContent(check);
  return PAGE_READING_CHECKS.has(check.id) && (check.status === 'pass' || check.status === 'fail');
}

/** Distinct pages (by final address) that needed rendering and did not get it, in crawl order. */
export function unrenderedPages(snapshot: Pick<SiteSnapshot, 'pages'>): CrawledPage[] {
  const seen = new Set<string>();
  return snapshot.pages.filter((page) => {
    if (page.rendering?.status !== 'not_rendered' || seen.has(page.finalUrl)) return false;
    seen.add(page.finalUrl);
    return true;
  });
}

function reasonOf(page: CrawledPage): string {
  return page.rendering?.status === 'not_rendered' ? page.rendering.reason : '';
}

export function buildsWithScriptsSummary(pages: number): string {
  return pages === 1
    ? 'Not measured: this page builds its content with JavaScript'
    : 'Not measured: these pages build their content with JavaScript';
}

/** The checks, with content checks not measured when every readable page needed rendering and lacks it. */
export function markUnrenderedContent(checks: CheckResult[], snapshot: SiteSnapshot): CheckResult[] {
  const unrendered = unrenderedPages(snapshot);
  if (unrendered.length === 0 || htmlPagesOf(snapshot).length > 0) return checks;
  const evidence = unrendered.map((page) => ({ url: page.finalUrl, note: `Not rendered: ${reasonOf(page)}` }));
  const summary = buildsWithScriptsSummary(unrendered.length);
  return checks.map((check) =>
    restsOnPageContent(check) ? { ...check, status: 'not_measured', summary, evidence } : check,
  );
}
