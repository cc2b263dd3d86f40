/**
 * Accessibility: axe-core run on jsdom, page by page (at most 20 pages, within a time budget).
 * Every rule with a violation on any page becomes a failing check 'a11y.<rule-id>'; every rule that
 * applied somewhere and passed everywhere becomes a passing one. Rules that need layout are off
 * (see axe-rules.ts).
 *
 * Speed: axe's source is compiled once and run in each page's jsdom window; jsdom loads no
 * sub-resources and runs none of the page's scripts. Stylesheets are not applied (linked ones are
 * never fetched, and <style> blocks are dropped with the scripts): jsdom's cascade is the slowest
 * part of an axe run, so the window's getComputedStyle answers the properties axe's visibility
 * logic reads (display, visibility, opacity…) from the style attribute, the hidden attribute and
 * the browser's default display of each element, and asks jsdom only for anything else.
 */
import vm from 'node:vm';
import axe, { type AxeResults, type NodeResult, type Result, type RunOptions } from 'axe-core';
import { JSDOM, VirtualConsole } from 'jsdom';
import { clip, countOf, makeCheck } from '../scoring/check-result.ts';
import type { CheckResult, Evidence } from '../types.ts';
import { AXE_DISABLED_RULES, AXE_TAGS, type AxeImpact, axeRuleInfo, impactSeverity } from './axe-rules.ts';
import { DOCUMENT_RULE_IDS, documentRuleVerdicts } from './document-rules.ts';
import { installFastComputedStyle } from './fast-computed-style.ts';
import type { HtmlPage } from './pages.ts';

export const A11Y_MAX_PAGES = 20;
/** Past this, the remaining pages are left untested (and the summaries say so). */
export const A11Y_TIME_BUDGET_MS = 20_000;

export type AccessibilityOptions = { maxPages?: number; timeBudgetMs?: number };

export type AccessibilityRun = {
  checks: CheckResult[];
  pagesTested: number;
  /** pages left out by the page cap or the time budget */
  pagesSkipped: number;
  /** per tested page, in milliseconds */
  pageMs: { url: string; ms: number }[];
  /** pages where axe could not run, and why */
  errors: { url: string; reason: string }[];
};

let compiled: vm.Script | null = null;
function axeScript(): vm.Script {
  compiled ??= new vm.Script(axe.source, { filename: 'axe.js' });
  return compiled;
}

const RUN_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: AXE_TAGS },
  rules: Object.fromEntries(
    [...Object.keys(AXE_DISABLED_RULES), ...DOCUMENT_RULE_IDS].map((id) => [id, { enabled: false }]),
  ),
  resultTypes: ['violations'],
  preload: false,
  iframes: false,
  selectors: true,
  ancestry: false,
  xpath: false,
  elementRef: false,
};

/** Scripts and style blocks play no part in the run; dropping them makes parsing faster. */
export function withoutScriptsAndStyles(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '').replace(/<style\b[^>]*>[\s\S]*?<\/style\s*>/gi, '');
}

/** Runs axe on one page's HTML in a fresh jsdom window. */
export async function axePage(html: string, url: string): Promise<AxeResults> {
  const dom = new JSDOM(withoutScriptsAndStyles(html), {
    url,
    runScripts: 'outside-only',
    virtualConsole: new VirtualConsole(),
  });
  try {
    installFastComputedStyle(dom.window as unknown as Window);
    axeScript().runInContext(dom.getInternalVMContext());
    const windowAxe = (dom.window as unknown as { axe: typeof axe }).axe;
    return await windowAxe.run(dom.window.document, RUN_OPTIONS);
  } finally {
    dom.window.close();
  }
}

type RuleTally = {
  id: string;
  help: string;
  impact: AxeImpact;
  failedPages: Set<string>;
  appliedPages: Set<string>;
  /** pages where axe could not decide without a rendered page */
  undecidedPages: Set<string>;
  /** one item per failing element */
  evidence: Evidence[];
};

function targetText(target: NodeResult['target']): string {
  return (target as unknown[]).map((part) => (Array.isArray(part) ? part.join(' >>> ') : String(part))).join(' ');
}

function fixLine(summary: string | undefined): string | undefined {
  const lines = (summary ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !/^Fix (any|all) of the following:$/.test(line));
  return lines[0];
}

function nodeEvidence(url: string, node: NodeResult): Evidence {
  const item: Evidence = { url, selector: targetText(node.target), value: clip(node.html, 160) };
  const fix = fixLine(node.failureSummary);
  if (fix) item.note = fix;
  return item;
}

/** Every rule's outcome over the tested pages, by rule id. */
class Tallies {
  readonly byId = new Map<string, RuleTally>();

  of(id: string, fallback?: Pick<Result, 'help' | 'impact'>): RuleTally {
    let entry = this.byId.get(id);
    if (!entry) {
      const info = axeRuleInfo(id);
      entry = {
        id,
        help: info?.help ?? fallback?.help ?? id,
        impact: info?.impact ?? (fallback?.impact as AxeImpact | undefined) ?? 'moderate',
        failedPages: new Set(),
        appliedPages: new Set(),
        undecidedPages: new Set(),
        evidence: [],
      };
      this.byId.set(id, entry);
    }
    return entry;
  }

  /** axe's results for one page, and the document-level rules judged by documentRuleVerdicts. */
  addPage(page: HtmlPage, results: AxeResults): void {
    const url = page.url;
    for (const violation of results.violations) {
      const entry = this.of(violation.id, violation);
      entry.failedPages.add(url);
      entry.appliedPages.add(url);
      for (const node of violation.nodes) entry.evidence.push(nodeEvidence(url, node));
    }
    for (const pass of results.passes) this.of(pass.id, pass).appliedPages.add(url);
    for (const undecided of results.incomplete) this.of(undecided.id, undecided).undecidedPages.add(url);
    for (const [id, verdict] of documentRuleVerdicts(page)) {
      const entry = this.of(id);
      entry.appliedPages.add(url);
      if (verdict.status === 'fail') {
        entry.failedPages.add(url);
        entry.evidence.push(...verdict.evidence);
      }
    }
  }
}

const meta = (id: string, title: string) => ({
  id: `a11y.${id}`,
  area: 'website' as const,
  group: 'accessibility',
  title,
});

type PageRun = { tested: number; pageMs: AccessibilityRun['pageMs']; errors: AccessibilityRun['errors'] };

async function testPages(pages: HtmlPage[], tallies: Tallies, maxPages: number, budget: number): Promise<PageRun> {
  const started = performance.now();
  const run: PageRun = { tested: 0, pageMs: [], errors: [] };
  for (const page of pages.slice(0, maxPages)) {
    if (performance.now() - started > budget) break;
    const pageStart = performance.now();
    try {
      tallies.addPage(page, await axePage(page.page.html ?? '', page.url));
      run.tested += 1;
    } catch (error) {
      run.errors.push({ url: page.url, reason: (error as Error).message });
    }
    run.pageMs.push({ url: page.url, ms: Math.round(performance.now() - pageStart) });
  }
  return run;
}

/** One check per rule: failing rules first (worst impact, most elements), then passing, then undecided. */
function checksOf(tallies: Tallies, tested: number, untested: string): CheckResult[] {
  const entries = [...tallies.byId.values()];
  const failing = entries
    .filter((entry) => entry.failedPages.size > 0)
    .sort(
      (a, b) =>
        impactSeverity(b.impact) - impactSeverity(a.impact) ||
        b.evidence.length - a.evidence.length ||
        a.id.localeCompare(b.id),
    );
  const passing = entries
    .filter((entry) => entry.failedPages.size === 0 && entry.appliedPages.size > 0)
    .sort((a, b) => a.id.localeCompare(b.id));
  const undecided = entries
    .filter((entry) => entry.appliedPages.size === 0 && entry.undecidedPages.size > 0)
    .sort((a, b) => a.id.localeCompare(b.id));
  const undecidedOn = (entry: RuleTally) =>
    entry.undecidedPages.size > 0 ? `; not decided on ${countOf(entry.undecidedPages.size, 'page')}` : '';

  const checks: CheckResult[] = [];
  for (const entry of failing) {
    const elements = entry.evidence.length;
    checks.push(
      makeCheck(
        meta(entry.id, entry.help),
        'fail',
        `${countOf(elements, 'element')} on ${entry.failedPages.size} of ${countOf(tested, 'tested page')} ${elements === 1 ? 'fails' : 'fail'} (${entry.impact} impact): ${entry.help}${undecidedOn(entry)}${untested}`,
        entry.evidence,
      ),
    );
  }
  for (const entry of passing) {
    const where =
      entry.appliedPages.size === 1
        ? '1 page where it applies'
        : `all ${entry.appliedPages.size} pages where it applies`;
    checks.push(
      makeCheck(
        meta(entry.id, entry.help),
        'pass',
        `Passed on ${where} (${entry.impact} impact): ${entry.help}${undecidedOn(entry)}${untested}`,
      ),
    );
  }
  for (const entry of undecided) {
    checks.push(
      makeCheck(
        meta(entry.id, entry.help),
        'not_measured',
        `Not measured: axe-core cannot decide this rule without a rendered page (${countOf(entry.undecidedPages.size, 'page')}): ${entry.help}`,
        [...entry.undecidedPages].map((url) => ({ url, note: 'Needs review: not decided without a browser' })),
      ),
    );
  }
  return checks;
}

export async function runAccessibilityChecks(
  pages: HtmlPage[],
  options: AccessibilityOptions = {},
): Promise<AccessibilityRun> {
  const maxPages = options.maxPages ?? A11Y_MAX_PAGES;
  const budget = options.timeBudgetMs ?? A11Y_TIME_BUDGET_MS;
  const tallies = new Tallies();
  const { tested, pageMs, errors } = await testPages(pages, tallies, maxPages, budget);
  const skipped = pages.length - tested - errors.length;
  const untested =
    skipped > 0 ? ` (${countOf(skipped, 'page')} not tested: limit of ${maxPages} pages or ${budget / 1000} s)` : '';

  if (tested === 0) {
    const check =
      errors.length > 0
        ? makeCheck(
            meta('pages', 'Pages could be tested for accessibility'),
            'not_measured',
            `Not measured: axe-core could not run on ${countOf(errors.length, 'page')}`,
            errors.map((e) => ({ url: e.url, note: e.reason })),
          )
        : makeCheck(meta('pages', 'Pages could be tested for accessibility'), 'not_applicable', 'No HTML page to test');
    return { checks: [check], pagesTested: 0, pagesSkipped: skipped, pageMs, errors };
  }
  return { checks: checksOf(tallies, tested, untested), pagesTested: tested, pagesSkipped: skipped, pageMs, errors };
}
