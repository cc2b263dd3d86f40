/**
 * The part of the app's stylesheet one prerendered page uses: the rules whose class selectors all
 * name classes in the page's markup, with every rule that names no class (the base styles) and every
 * at-rule that holds no rules (@property, @keyframes, @font-face). A public page carries its
 * stylesheet inline (scripts/prerender.ts), and the whole app's stylesheet is most of the document;
 * the browser parses and matches only what the page can use.
 *
 * Made for the minified output of the build (Tailwind through Vite): blocks, strings and escapes are
 * read exactly, nothing else of CSS syntax is needed.
 */

/** At-rules whose blocks hold rules, pruned like the top level. */
const GROUPING_AT_RULES = new Set(['media', 'supports', 'layer', 'container', 'starting-style']);

/** The index just past the block that opens at `open` (a '{'), skipping strings and escapes. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  let quote = '';
  for (let index = open; index < css.length; index++) {
    const char = css[index];
    if (char === '\\') {
      index++;
    } else if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '{') {
      depth++;
    } else if (char === '}') {
      depth--;
      if (depth === 0) return index + 1;
    }
  }
  throw new Error('page-css: a block does not close');
}

/** The index of the first `stop` character outside strings and escapes, or the end. */
function findOutside(css: string, from: number, stops: string): number {
  let quote = '';
  for (let index = from; index < css.length; index++) {
    const char = css[index] ?? '';
    if (char === '\\') index++;
    else if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (stops.includes(char)) return index;
  }
  return css.length;
}

function unescapeIdentifier(escaped: string): string {
  return escaped.replace(
    /\\([0-9a-fA-F]{1,6})\s?|\\(.)/g,
    (_match, hex: string | undefined, char: string | undefined) =>
      hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : (char ?? ''),
  );
}

/** Whether one selector of a list can match the page: each class it requires is on the page. */
function selectorApplies(selector: string, classes: ReadonlySet<string>): boolean {
  // A class inside :not() is not required for the selector to match.
  const required = selector.replace(/:not\((?:[^()]|\([^()]*\))*\)/g, '');
  for (const match of required.matchAll(/\.((?:\\[0-9a-fA-F]{1,6}\s?|\\.|[\w-])+)/g)) {
    if (!classes.has(unescapeIdentifier(match[1] ?? ''))) return false;
  }
  return true;
}

function splitSelectors(selectorList: string): string[] {
  const selectors: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < selectorList.length; index++) {
    const char = selectorList[index];
    if (char === '\\') index++;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (char === ',' && depth === 0) {
      selectors.push(selectorList.slice(start, index));
      start = index + 1;
    }
  }
  selectors.push(selectorList.slice(start));
  return selectors;
}

/** The stylesheet with only the rules a page with these classes can use. */
export function pruneCss(css: string, classes: ReadonlySet<string>): string {
  let output = '';
  let index = 0;
  while (index < css.length) {
    const stop = findOutside(css, index, '{;}');
    if (stop >= css.length) break;
    const prelude = css.slice(index, stop);
    if (css[stop] !== '{') {
      output += css.slice(index, stop + 1);
      index = stop + 1;
      continue;
    }
    const end = blockEnd(css, stop);
    const body = css.slice(stop + 1, end - 1);
    const trimmed = prelude.trim();
    if (trimmed.startsWith('@')) {
      const name = /^@([\w-]+)/.exec(trimmed)?.[1] ?? '';
      if (GROUPING_AT_RULES.has(name)) {
        const kept = pruneCss(body, classes);
        if (kept.trim()) output += `${prelude}{${kept}}`;
      } else {
        output += css.slice(index, end);
      }
    } else if (
      trimmed.startsWith('/*') ||
      splitSelectors(trimmed).some((selector) => selectorApplies(selector, classes))
    ) {
      output += css.slice(index, end);
    }
    index = end;
  }
  return output;
}

function decodeAttribute(value: string): string {
  return value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Every class named in the markup's class attributes. */
export function classesIn(markup: string): Set<string> {
  const classes = new Set<string>();
  for (const match of markup.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of decodeAttribute(match[1] ?? '').split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}
