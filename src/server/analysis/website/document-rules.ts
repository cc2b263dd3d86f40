/**
 * axe-core's document-level rules that come back "incomplete" from a run on jsdom when the element
 * they look for is missing (axe leaves the final call to a browser): judged here on the parsed page
 * instead, with axe's own definitions, so a page with no main landmark or no level-one heading fails
 * rather than being dropped.
 */
import type { AnyNode, Element } from 'domhandler';
import type { Evidence } from '../types.ts';
import type { HtmlPage } from './pages.ts';

export type DocumentRuleVerdict = { status: 'pass' } | { status: 'fail'; evidence: Evidence[] };

/** Hidden from everyone: the hidden attribute, aria-hidden, or an inline display:none / visibility:hidden. */
function isHidden(node: AnyNode): boolean {
  for (let current: AnyNode | null = node; current; current = current.parent as AnyNode | null) {
    if (current.type !== 'tag') continue;
    const attributes = (current as Element).attribs;
    if ('hidden' in attributes || attributes['aria-hidden'] === 'true') return true;
    const style = (attributes.style ?? '').replace(/\s+/g, '').toLowerCase();
    if (/(^|;)display:none/.test(style) || /(^|;)visibility:hidden/.test(style)) return true;
  }
  return false;
}

function hasContent(page: HtmlPage, element: Element): boolean {
  const node = page.$(element);
  return (
    node.text().trim().length > 0 ||
    node
      .find('img[alt]')
      .toArray()
      .some((img) => img.attribs.alt?.trim())
  );
}

const RULES: Record<string, { selector: string; needsContent: boolean; missing: string }> = {
  'landmark-one-main': {
    selector: 'main, [role="main"]',
    needsContent: false,
    missing: 'The page has no main landmark: wrap its main content in <main>',
  },
  'page-has-heading-one': {
    selector: 'h1:not([role]), [role="heading"][aria-level="1"]',
    needsContent: true,
    missing: 'The page has no level-one heading: give it one <h1> that names the page',
  },
};

/** The axe rules judged here instead of by axe: axe leaves them out of its run. */
export const DOCUMENT_RULE_IDS = Object.keys(RULES);

/** This page's verdict on each document-level rule, by axe rule id. */
export function documentRuleVerdicts(page: HtmlPage): Map<string, DocumentRuleVerdict> {
  const verdicts = new Map<string, DocumentRuleVerdict>();
  for (const [id, rule] of Object.entries(RULES)) {
    const present = page
      .$(rule.selector)
      .toArray()
      .some((element) => !isHidden(element) && (!rule.needsContent || hasContent(page, element as Element)));
    verdicts.set(
      id,
      present
        ? { status: 'pass' }
        : { status: 'fail', evidence: [{ url: page.url, selector: 'html', note: rule.missing }] },
    );
  }
  return verdicts;
}
