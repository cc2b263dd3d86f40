/**
 * Selector helpers for the cascade: specificity, and a quick test that skips selectors whose last
 * compound names an id, class or element the page does not have (most of a large stylesheet), so
 * only the rest are run through cheerio.
 */
import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';

export type Specificity = [number, number, number];

/** The selector with :where(…) dropped and :not/:is/:has/:matches(…) unwrapped to their argument. */
function flattenPseudoFunctions(selector: string): string {
  let text = selector;
  for (let pass = 0; pass < 4 && /:(where|not|is|has|matches|-webkit-any)\(/i.test(text); pass += 1) {
    text = text
      .replace(/:where\((?:[^()]|\([^()]*\))*\)/gi, '')
      .replace(/:(?:not|is|has|matches|-webkit-any)\(((?:[^()]|\([^()]*\))*)\)/gi, ' $1');
  }
  return text;
}

/** Selector specificity (ids, classes/attributes/pseudo-classes, types/pseudo-elements). */
export function specificity(selector: string): Specificity {
  const text = flattenPseudoFunctions(selector)
    .replace(/\[[^\]]*\]/g, () => '.attr')
    .replace(/"[^"]*"|'[^']*'/g, '');
  const ids = text.match(/#[\w-]+/g)?.length ?? 0;
  const pseudoElements = text.match(/::[\w-]+/g)?.length ?? 0;
  const withoutElements = text.replace(/::[\w-]+/g, '');
  const classes = (withoutElements.match(/\.[\w-]+/g)?.length ?? 0) + (withoutElements.match(/:[\w-]+/g)?.length ?? 0);
  const types =
    (withoutElements.replace(/[#.:][\w-]+/g, '').match(/(^|[\s>+~,])[a-z][\w-]*/gi)?.length ?? 0) + pseudoElements;
  return [ids, classes, types];
}

export function compareSpecificity(a: Specificity, b: Specificity): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** The ids, classes and element names present in a page. */
export type PageIndex = { ids: Set<string>; classes: Set<string>; tags: Set<string> };

export function indexPage($: CheerioAPI): PageIndex {
  const index: PageIndex = { ids: new Set(), classes: new Set(), tags: new Set() };
  $('*').each((_, node) => {
    const element = node as Element;
    index.tags.add(element.name.toLowerCase());
    const id = element.attribs.id;
    if (id) index.ids.add(id);
    for (const name of (element.attribs.class ?? '').split(/\s+/)) if (name) index.classes.add(name);
  });
  return index;
}

/** False when the selector's last compound needs an id, class or element the page lacks. */
export function mayMatch(selector: string, index: PageIndex): boolean {
  const compounds = selector
    .replace(/\([^()]*\)/g, '()')
    .split(/[\s>+~]+/)
    .filter(Boolean);
  const last = (compounds.at(-1) ?? '').replace(/\[[^\]]*\]/g, '').replace(/(^|[^\\]):{1,2}[\w-]+(\(\))?/g, '$1');
  const unescaped = (name: string) => name.slice(1).replace(/\\(.)/g, '$1');
  for (const id of last.match(/#(?:[\w-]|\\.)+/g) ?? []) if (!index.ids.has(unescaped(id))) return false;
  for (const name of last.match(/\.(?:[\w-]|\\.)+/g) ?? []) if (!index.classes.has(unescaped(name))) return false;
  const tag = /^[a-z][\w-]*/i.exec(last)?.[0];
  return !tag || index.tags.has(tag.toLowerCase());
}
