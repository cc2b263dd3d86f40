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
import { clip, count, makeCheck } from '../scoring/check-result.ts';
import type { CheckResult, Evidence } from '../types.ts';
import { AXE_DISABLED_RULES, AXE_TAGS, type AxeImpact, axeRuleInfo, impactSeverity } from './axe-rules.ts';
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
  rules: Object.fromEntries(Object.keys(AXE_DISABLED_RULES).map((id) => [id, { enabled: false }])),
  resultTypes: ['violations'],
  preload: false,
  iframes: false,
  selectors: true,
  ancestry: false,
  xpath: false,
  elementRef: false,
};

/** Elements the browser's default stylesheet never displays. */
const NOT_DISPLAYED = new Set([
  'AREA',
  'BASE',
  'BASEFONT',
  'DATALIST',
  'HEAD',
  'LINK',
  'META',
  'NOEMBED',
  'NOFRAMES',
  'PARAM',
  'RP',
  'SCRIPT',
  'STYLE',
  'TEMPLATE',
  'TITLE',
]);
const INLINE = new Set(
  'A ABBR B BDI BDO CITE CODE DATA DFN EM I KBD LABEL MARK Q S SAMP SMALL SPAN STRONG SUB SUP TIME U VAR IMG BR WBR SVG'.split(
    ' ',
  ),
);
const INLINE_BLOCK = new Set(['BUTTON', 'INPUT', 'SELECT', 'TEXTAREA', 'METER', 'PROGRESS']);
const TABLE_DISPLAY: Record<string, string> = {
  TABLE: 'table',
  TR: 'table-row',
  TD: 'table-cell',
  TH: 'table-cell',
  THEAD: 'table-header-group',
  TBODY: 'table-row-group',
  TFOOT: 'table-footer-group',
  CAPTION: 'table-caption',
  COL: 'table-column',
  COLGROUP: 'table-column-group',
  LI: 'list-item',
};
/** Initial values of the other properties axe's visibility logic reads. */
const INITIAL: Record<string, string> = {
  'content-visibility': 'visible',
  position: 'static',
  opacity: '1',
  height: 'auto',
  width: 'auto',
  overflow: 'visible',
  clip: 'auto',
  'clip-path': 'none',
};

type StyledElement = Element & { style: CSSStyleDeclaration; parentElement: StyledElement | null };

function defaultDisplay(element: StyledElement): string {
  const name = element.nodeName.toUpperCase();
  if (element.hasAttribute('hidden') || NOT_DISPLAYED.has(name)) return 'none';
  if (name === 'INPUT' && element.getAttribute('type')?.toLowerCase() === 'hidden') return 'none';
  if (name === 'DIALOG' && !element.hasAttribute('open')) return 'none';
  if (INLINE.has(name)) return 'inline';
  if (INLINE_BLOCK.has(name)) return 'inline-block';
  return TABLE_DISPLAY[name] ?? 'block';
}

/** The inherited value: the element's own inline value, else its nearest ancestor's. */
function inherited(element: StyledElement | null, property: string, initial: string): string {
  for (let current = element; current; current = current.parentElement) {
    const value = current.style?.getPropertyValue(property);
    if (value) return value;
    if (property === 'direction') {
      const dir = current.getAttribute('dir')?.toLowerCase();
      if (dir === 'rtl' || dir === 'ltr') return dir;
    }
  }
  return initial;
}

/** Replaces the window's getComputedStyle with the fast, stylesheet-free version described above. */
function installFastComputedStyle(window: Window): void {
  const jsdomComputedStyle = window.getComputedStyle.bind(window);
  const cache = new WeakMap<Element, CSSStyleDeclaration>();
  window.getComputedStyle = ((element: Element, pseudo?: string | null) => {
    if (pseudo) return jsdomComputedStyle(element, pseudo);
    let style = cache.get(element);
    if (style) return style;
    const styled = element as StyledElement;
    let full: CSSStyleDeclaration | null = null;
    const value = (property: string): string => {
      const name = property.toLowerCase();
      if (name === 'visibility') return inherited(styled, name, 'visible');
      if (name === 'direction') return inherited(styled, name, 'ltr');
      const own = styled.style?.getPropertyValue(name);
      if (own) return own;
      if (name === 'display') return defaultDisplay(styled);
      if (name in INITIAL) return INITIAL[name]!;
      full ??= jsdomComputedStyle(element);
      return full.getPropertyValue(name);
    };
    style = new Proxy({} as CSSStyleDeclaration, {
      get(_, key) {
        if (key === 'getPropertyValue') return value;
        full ??= jsdomComputedStyle(element);
        const answer = (full as unknown as Record<string | symbol, unknown>)[key];
        return typeof answer === 'function' ? answer.bind(full) : answer;
      },
    });
    cache.set(element, style);
    return style;
  }) as Window['getComputedStyle'];
}

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
  nodes: { url: string; node: NodeResult }[];
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

export async function runAccessibilityChecks(
  pages: HtmlPage[],
  options: AccessibilityOptions = {},
): Promise<AccessibilityRun> {
  const maxPages = options.maxPages ?? A11Y_MAX_PAGES;
  const budget = options.timeBudgetMs ?? A11Y_TIME_BUDGET_MS;
  const started = performance.now();
  const tallies = new Map<string, RuleTally>();
  const tally = (result: Result): RuleTally => {
    let entry = tallies.get(result.id);
    if (!entry) {
      const info = axeRuleInfo(result.id);
      entry = {
        id: result.id,
        help: info?.help ?? result.help,
        impact: info?.impact ?? (result.impact as AxeImpact | undefined) ?? 'moderate',
        failedPages: new Set(),
        appliedPages: new Set(),
        nodes: [],
      };
      tallies.set(result.id, entry);
    }
    return entry;
  };

  const pageMs: AccessibilityRun['pageMs'] = [];
  const errors: AccessibilityRun['errors'] = [];
  const candidates = pages.slice(0, maxPages);
  let tested = 0;
  for (const page of candidates) {
    if (performance.now() - started > budget) break;
    const pageStart = performance.now();
    try {
      const results = await axePage(page.page.html ?? '', page.url);
      for (const violation of results.violations) {
        const entry = tally(violation);
        entry.failedPages.add(page.url);
        entry.appliedPages.add(page.url);
        for (const node of violation.nodes) entry.nodes.push({ url: page.url, node });
      }
      for (const pass of results.passes) tally(pass).appliedPages.add(page.url);
      tested += 1;
    } catch (error) {
      errors.push({ url: page.url, reason: (error as Error).message });
    }
    pageMs.push({ url: page.url, ms: Math.round(performance.now() - pageStart) });
  }
  const skipped = pages.length - tested - errors.length;
  const untested =
    skipped > 0 ? ` (${count(skipped, 'page')} not tested: limit of ${maxPages} pages or ${budget / 1000} s)` : '';

  const meta = (id: string, title: string) => ({
    id: `a11y.${id}`,
    area: 'website' as const,
    group: 'accessibility',
    title,
  });
  if (tested === 0) {
    const check =
      errors.length > 0
        ? makeCheck(
            meta('pages', 'Pages could be tested for accessibility'),
            'not_measured',
            `Not measured: axe-core could not run on ${count(errors.length, 'page')}`,
            errors.map((e) => ({ url: e.url, note: e.reason })),
          )
        : makeCheck(meta('pages', 'Pages could be tested for accessibility'), 'not_applicable', 'No HTML page to test');
    return { checks: [check], pagesTested: 0, pagesSkipped: skipped, pageMs, errors };
  }

  const failing = [...tallies.values()]
    .filter((entry) => entry.failedPages.size > 0)
    .sort(
      (a, b) =>
        impactSeverity(b.impact) - impactSeverity(a.impact) ||
        b.nodes.length - a.nodes.length ||
        a.id.localeCompare(b.id),
    );
  const passing = [...tallies.values()]
    .filter((entry) => entry.failedPages.size === 0 && entry.appliedPages.size > 0)
    .sort((a, b) => a.id.localeCompare(b.id));

  const checks: CheckResult[] = [];
  for (const entry of failing) {
    const evidence: Evidence[] = entry.nodes.map(({ url, node }) => {
      const item: Evidence = { url, selector: targetText(node.target), value: clip(node.html, 160) };
      const fix = fixLine(node.failureSummary);
      if (fix) item.note = fix;
      return item;
    });
    checks.push(
      makeCheck(
        meta(entry.id, entry.help),
        'fail',
        `${count(entry.nodes.length, 'element')} on ${entry.failedPages.size} of ${count(tested, 'tested page')} ${entry.nodes.length === 1 ? 'fails' : 'fail'} (${entry.impact} impact): ${entry.help}${untested}`,
        evidence,
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
        `Passed on ${where} (${entry.impact} impact): ${entry.help}${untested}`,
      ),
    );
  }
  return { checks, pagesTested: tested, pagesSkipped: skipped, pageMs, errors };
}
