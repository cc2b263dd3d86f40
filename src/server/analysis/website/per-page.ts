/**
 * Most website checks ask one question of every page. This runs the question over the pages and
 * turns the answers into one CheckResult: it fails when any page fails, lists the failing pages'
 * evidence (capped), and says how many pages passed.
 */
import { type CheckMeta, countOf, makeCheck, partOf, verbForPart } from '../scoring/check-result.ts';
import type { CheckResult, Evidence } from '../types.ts';
import type { HtmlPage } from './pages.ts';

export type PageVerdict =
  /** the page passes; `evidence` may record what was measured */
  | { status: 'pass'; evidence?: Evidence[] }
  | { status: 'fail'; evidence: Evidence[] }
  /** nothing on this page to check (no images for image-alt...) */
  | { status: 'not_applicable' };

export type PagePhrases = {
  /** completes '4 of 6 pages …' and 'All 6 pages …': 'have a meta description' */
  many: string;
  /** completes 'The page …': 'has a meta description' */
  one: string;
  /** completes '1 of 6 pages …' when `many` qualifies the pages: 'with images gives every image alt text'; else `one` */
  oneOfMany?: string;
  /** the summary when no page had anything to check */
  none: string;
};

export function perPageCheck<Page = HtmlPage>(
  meta: CheckMeta,
  pages: Page[],
  verdict: (page: Page) => PageVerdict,
  phrases: PagePhrases,
): CheckResult {
  const failing: Evidence[] = [];
  const passing: Evidence[] = [];
  let applicable = 0;
  let passed = 0;
  for (const page of pages) {
    const result = verdict(page);
    if (result.status === 'not_applicable') continue;
    applicable += 1;
    if (result.status === 'pass') {
      passed += 1;
      passing.push(...(result.evidence ?? []));
    } else {
      failing.push(...result.evidence);
    }
  }
  if (applicable === 0) return makeCheck(meta, 'not_applicable', phrases.none);
  if (passed === applicable) {
    const summary = applicable === 1 ? `The page ${phrases.one}` : `All ${countOf(applicable, 'page')} ${phrases.many}`;
    return makeCheck(meta, 'pass', summary, passing);
  }
  return makeCheck(
    meta,
    'fail',
    `${partOf(passed, applicable, 'page')} ${verbForPart(passed, applicable, phrases.oneOfMany ?? phrases.one, phrases.many)}`,
    failing,
  );
}

/** The identity of an SEO basics check: its id under `seo.`, in the website area. */
export const seoCheck = (id: string, title: string): CheckMeta => ({
  id: `seo.${id}`,
  area: 'website',
  group: 'seoBasics',
  title,
});
