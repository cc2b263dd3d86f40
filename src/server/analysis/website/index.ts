/**
 * The website area: SEO basics, accessibility and tone consistency over a crawled SiteSnapshot.
 */
import type { CheckResult, SiteSnapshot } from '../types.ts';
import { type AccessibilityOptions, runAccessibilityChecks } from './accessibility.ts';
import { checkColourContrast } from './colour-contrast.ts';
import { htmlPagesOf } from './pages.ts';
import { checkRobotsTxt } from './robots-txt.ts';
import {
  checkCrawlableAnchors,
  checkDocumentTitle,
  checkHeadings,
  checkHtmlHasLang,
  checkImageAlt,
  checkLinkText,
  checkMetaDescription,
  checkViewport,
} from './seo-content.ts';
import {
  checkCanonical,
  checkHreflang,
  checkHttpStatusCode,
  checkIndexablePages,
  checkIsCrawlable,
  checkSitemap,
} from './seo-crawl.ts';
import { checkStructuredData } from './structured-data.ts';
import { runToneChecks } from './tone.ts';

/** SEO basics: Lighthouse's SEO audits first (in Lighthouse's order), then ours. */
export function runSeoChecks(snapshot: SiteSnapshot): CheckResult[] {
  const pages = htmlPagesOf(snapshot);
  return [
    checkIsCrawlable(pages, snapshot),
    checkIndexablePages(pages, snapshot),
    checkDocumentTitle(pages),
    checkMetaDescription(pages),
    checkHttpStatusCode(snapshot),
    checkLinkText(pages),
    checkCrawlableAnchors(pages),
    checkRobotsTxt(snapshot),
    checkImageAlt(pages),
    checkHreflang(pages),
    checkCanonical(pages),
    checkViewport(pages),
    checkHtmlHasLang(pages),
    checkSitemap(snapshot),
    checkHeadings(pages),
    checkStructuredData(pages),
  ];
}

export function runToneConsistencyChecks(snapshot: SiteSnapshot): CheckResult[] {
  return runToneChecks(htmlPagesOf(snapshot));
}

export type WebsiteChecks = { checks: CheckResult[]; timings: Record<string, number> };

export async function runWebsiteChecks(
  snapshot: SiteSnapshot,
  options: { accessibility?: AccessibilityOptions } = {},
): Promise<WebsiteChecks> {
  const timings: Record<string, number> = {};
  const time = <T>(name: string, work: () => T): T => {
    const start = performance.now();
    const result = work();
    timings[name] = Math.round(performance.now() - start);
    return result;
  };
  const seo = time('website.seoBasics', () => runSeoChecks(snapshot));
  const tone = time('website.toneConsistency', () => runToneConsistencyChecks(snapshot));
  const start = performance.now();
  const accessibility = await runAccessibilityChecks(htmlPagesOf(snapshot), options.accessibility);
  timings['website.accessibility'] = Math.round(performance.now() - start);
  timings['website.accessibility.pagesTested'] = accessibility.pagesTested;
  const contrast = time('website.colourContrast', () => checkColourContrast(htmlPagesOf(snapshot), snapshot));
  return { checks: [...seo, contrast, ...accessibility.checks, ...tone], timings };
}
