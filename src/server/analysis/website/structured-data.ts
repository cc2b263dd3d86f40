/**
 * Structured data: every JSON-LD block on a page parses and declares an @type (our own check;
 * Lighthouse dropped its structured-data audit).
 */
import { clip, countOf } from '../scoring/check-result.ts';
import type { CheckResult, Evidence } from '../types.ts';
import type { HtmlPage } from './pages.ts';
import { perPageCheck, seoCheck } from './per-page.ts';

function typesOf(value: unknown): { types: string[]; untyped: number } {
  const items: unknown[] = [];
  const collect = (node: unknown) => {
    if (Array.isArray(node)) {
      for (const item of node) collect(item);
      return;
    }
    if (node && typeof node === 'object') {
      const graph = (node as Record<string, unknown>)['@graph'];
      if (Array.isArray(graph) && !('@type' in node)) {
        for (const item of graph) collect(item);
        return;
      }
      items.push(node);
      return;
    }
    items.push(node);
  };
  collect(value);
  const types: string[] = [];
  let untyped = 0;
  for (const item of items) {
    const type = item && typeof item === 'object' ? (item as Record<string, unknown>)['@type'] : undefined;
    const names = (Array.isArray(type) ? type : [type]).filter(
      (name): name is string => typeof name === 'string' && name.trim() !== '',
    );
    if (names.length === 0) untyped += 1;
    else types.push(...names);
  }
  return { types, untyped };
}

export function checkStructuredData(pages: HtmlPage[]): CheckResult {
  return perPageCheck(
    seoCheck('structured-data', 'Structured data (JSON-LD) is valid'),
    pages,
    ({ url, $ }) => {
      const blocks = $('script[type="application/ld+json" i]').toArray();
      if (blocks.length === 0) return { status: 'not_applicable' };
      const failures: Evidence[] = [];
      const found: string[] = [];
      blocks.forEach((block, index) => {
        const text = $(block).text().trim();
        const selector = `script[type="application/ld+json"] #${index + 1}`;
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch (error) {
          failures.push({ url, selector, value: clip(text, 80), note: `Not valid JSON: ${(error as Error).message}` });
          return;
        }
        const { types, untyped } = typesOf(parsed);
        found.push(...types);
        if (untyped > 0)
          failures.push({ url, selector, value: clip(text, 80), note: `${countOf(untyped, 'item')} without @type` });
      });
      if (failures.length > 0) return { status: 'fail', evidence: failures };
      return {
        status: 'pass',
        evidence: [{ url, selector: 'script[type="application/ld+json"]', value: found.join(', ') }],
      };
    },
    {
      many: 'with JSON-LD have blocks that parse and declare an @type',
      oneOfMany: 'with JSON-LD has blocks that parse and declare an @type',
      one: 'has JSON-LD that parses and declares an @type',
      none: 'No page has JSON-LD structured data',
    },
  );
}
