/**
 * A small CSS reader for the colour-contrast check: style rules with their selectors and the
 * declarations that matter for colour and text size, from a stylesheet, a <style> block or a style
 * attribute. @media rules apply when they match the viewport the audit assumes (Lighthouse's mobile
 * screen, 412 × 823 CSS pixels, light colour scheme); @supports and @layer blocks apply;
 * @container, @font-face, @keyframes and the like are skipped; @import is not followed; nested
 * rules are left out.
 */

export type Declaration = { property: string; value: string; important: boolean };
export type StyleRule = { selectors: string[]; declarations: Declaration[] };

export const VIEWPORT = { width: 412, height: 823 };
const ROOT_FONT_PX = 16;

/** Properties the contrast check reads; other declarations are dropped while parsing. */
const WANTED = new Set([
  'color',
  'background',
  'background-color',
  'background-image',
  'opacity',
  'display',
  'visibility',
  'font',
  'font-size',
  'font-weight',
  'clip',
  'clip-path',
  'text-indent',
]);

function wanted(property: string): boolean {
  return WANTED.has(property) || property.startsWith('--');
}

/** Splits at `separator` outside brackets, parentheses and quotes. */
export function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quote) {
      if (char === '\\') index += 1;
      else if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** The declarations of a block or style attribute (nested rules removed). */
export function parseDeclarations(block: string): Declaration[] {
  const declarations: Declaration[] = [];
  const flat = block.replace(/\{[^{}]*\}/g, '');
  for (const part of splitTopLevel(flat, ';')) {
    const colon = part.indexOf(':');
    if (colon === -1) continue;
    const property = part.slice(0, colon).trim().toLowerCase();
    if (!wanted(property)) continue;
    let value = part.slice(colon + 1).trim();
    const important = /!\s*important\s*$/i.test(value);
    if (important) value = value.replace(/!\s*important\s*$/i, '').trim();
    if (value)
      declarations.push({
        property: property.startsWith('--') ? part.slice(0, colon).trim() : property,
        value,
        important,
      });
  }
  return declarations;
}

function lengthPx(value: number, unit: string): number | null {
  if (unit === 'px' || unit === '') return value;
  if (unit === 'em' || unit === 'rem') return value * ROOT_FONT_PX;
  return null;
}

/** One media condition such as `(min-width: 768px)`; unknown features do not match. */
function conditionMatches(feature: string): boolean {
  const range = /^\(\s*(min-|max-)?(width|height)\s*:\s*([\d.]+)(px|em|rem)?\s*\)$/.exec(feature);
  if (range) {
    const size = lengthPx(Number(range[3]), range[4] ?? 'px');
    if (size === null) return false;
    const actual = VIEWPORT[range[2] as 'width' | 'height'];
    return range[1] === 'min-' ? actual >= size : range[1] === 'max-' ? actual <= size : actual === size;
  }
  const comparison = /^\(\s*(width|height)\s*(>=|<=|>|<)\s*([\d.]+)(px|em|rem)?\s*\)$/.exec(feature);
  if (comparison) {
    const size = lengthPx(Number(comparison[3]), comparison[4] ?? 'px');
    const actual = VIEWPORT[comparison[1] as 'width' | 'height'];
    if (size === null) return false;
    return { '>=': actual >= size, '<=': actual <= size, '>': actual > size, '<': actual < size }[comparison[2]!]!;
  }
  const known: Record<string, boolean> = {
    '(prefers-color-scheme:light)': true,
    '(prefers-color-scheme:dark)': false,
    '(orientation:portrait)': true,
    '(orientation:landscape)': false,
    '(prefers-reduced-motion:no-preference)': true,
    '(prefers-reduced-motion:reduce)': false,
    '(hover:none)': true,
    '(hover:hover)': false,
    '(pointer:coarse)': true,
    '(pointer:fine)': false,
  };
  return known[feature.replace(/\s+/g, '').toLowerCase()] ?? false;
}

/** Whether a media query list (`screen and (min-width: 40em), print`) matches the assumed screen. */
export function mediaMatches(query: string | undefined): boolean {
  if (!query?.trim()) return true;
  return splitTopLevel(query, ',').some((single) => {
    let text = single.trim().toLowerCase();
    const negated = text.startsWith('not ');
    text = text.replace(/^(not|only)\s+/, '');
    const parts = text.split(/\s+and\s+/).map((part) => part.trim());
    const matches = parts.every((part) => {
      if (part === 'all' || part === 'screen') return true;
      if (/^[a-z-]+$/.test(part)) return false;
      return conditionMatches(part);
    });
    return negated ? !matches : matches;
  });
}

/** The index just past the block that opens at `open` (a '{'), strings respected. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let index = open; index < css.length; index += 1) {
    const char = css[index]!;
    if (quote) {
      if (char === '\\') index += 1;
      else if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '{') depth += 1;
    else if (char === '}') {
      depth -= 1;
      if (depth === 0) return index + 1;
    }
  }
  return css.length;
}

const GROUPING = /^@(media|supports|layer|document|-moz-document)\b/i;

function parseInto(css: string, rules: StyleRule[]): void {
  let index = 0;
  while (index < css.length) {
    const open = css.indexOf('{', index);
    const semicolon = css.indexOf(';', index);
    if (open === -1) break;
    if (semicolon !== -1 && semicolon < open && css.slice(index, semicolon).trim().startsWith('@')) {
      index = semicolon + 1; // @import, @charset, @layer a, b;
      continue;
    }
    const prelude = css.slice(index, open).trim();
    const end = blockEnd(css, open);
    const body = css.slice(open + 1, end - 1);
    index = end;
    if (prelude.startsWith('@')) {
      const media = /^@media\s+([\s\S]*)$/i.exec(prelude);
      if (media && !mediaMatches(media[1])) continue;
      if (GROUPING.test(prelude)) parseInto(body, rules);
      continue;
    }
    const declarations = parseDeclarations(body);
    if (declarations.length === 0) continue;
    const selectors = splitTopLevel(prelude, ',')
      .map((selector) => selector.trim())
      .filter(Boolean);
    if (selectors.length > 0) rules.push({ selectors, declarations });
  }
}

/** The style rules of a stylesheet (that matter for contrast), in source order. */
export function parseStylesheet(css: string): StyleRule[] {
  const rules: StyleRule[] = [];
  parseInto(css.replace(/\/\*[\s\S]*?\*\//g, ''), rules);
  return rules;
}
