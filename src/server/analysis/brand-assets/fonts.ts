/**
 * Font consistency: which font families the site's CSS (linked stylesheets, <style> blocks and
 * style attributes) actually sets, compared with the brand's declared fonts. A declaration's
 * primary family (the first in its stack) is the one that counts as used; the rest are fallbacks.
 * A stack starting with a generic family (sans-serif, system-ui…) uses the system font and counts
 * as no family; icon fonts are not counted either.
 */
import { type CheckMeta, countOf, makeCheck, partOf, pluralFor, verbForPart } from '../scoring/check-result.ts';
import type { CheckResult, Evidence, SiteSnapshot } from '../types.ts';
import { htmlPagesOf } from '../website/pages.ts';

/** More primary families than this reads as inconsistent typography. */
export const MAX_FONT_FAMILIES = 3;

const GENERIC_FAMILIES = new Set([
  'serif',
  'sans-serif',
  'monospace',
  'cursive',
  'fantasy',
  'system-ui',
  'ui-serif',
  'ui-sans-serif',
  'ui-monospace',
  'ui-rounded',
  'emoji',
  'math',
  'fangsong',
  'inherit',
  'initial',
  'unset',
  'revert',
  'revert-layer',
  '-apple-system',
  'blinkmacsystemfont',
]);
/** Icon fonts set glyphs, not typography; they are not counted. */
const ICON_FONT = /awesome|icon|glyph|material symbols|dashicons|icomoon|fontello|feather|remixicon|fontisto|typicons/i;

const meta = (id: string, title: string): CheckMeta => ({
  id: `brand.${id}`,
  area: 'brandAssets',
  group: 'fontConsistency',
  title,
});

export type CssSource = { url: string; css: string };

/** Every piece of CSS the crawl saw, with where it came from. */
export function cssSourcesOf(snapshot: SiteSnapshot): CssSource[] {
  const sources: CssSource[] = [];
  for (const sheet of snapshot.stylesheets) {
    if (sheet.status >= 200 && sheet.status < 300 && sheet.body) sources.push({ url: sheet.url, css: sheet.body });
  }
  for (const { url, $ } of htmlPagesOf(snapshot)) {
    $('style').each((_, element) => {
      sources.push({ url: `${url} <style>`, css: $(element).text() });
    });
    $('[style]').each((_, element) => {
      sources.push({ url: `${url} style=""`, css: `x{${element.attribs.style ?? ''}}` });
    });
  }
  return sources;
}

/** Splits a font-family list at commas outside quotes: '"A, B", C' → ['A, B', 'C'] */
export function splitFamilies(value: string): string[] {
  const families: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (const char of value) {
    if (quote) {
      if (char === quote) quote = null;
      else current += char;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === ',') {
      families.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  families.push(current);
  return families
    .map((family) =>
      family
        .replace(/!important/i, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
}

const SIZE =
  /(?:^|\s)(?:xx-small|x-small|small|medium|large|x-large|xx-large|xxx-large|smaller|larger|[\d.]+(?:px|em|rem|%|pt|pc|vw|vh|vmin|vmax|ex|ch|in|cm|mm|q|lh|rlh))(?:\s*\/\s*[^\s,]+)?\s+(.+)$/i;

export type FontUsage = {
  /** lower-cased primary family → display name and number of declarations */
  primary: Map<string, { name: string; declarations: number; sources: Set<string> }>;
  /** every non-generic family named in any stack (lower-cased) */
  mentioned: Set<string>;
  /** families defined by @font-face or loaded from Google Fonts (lower-cased) */
  loaded: Set<string>;
  declarations: number;
};

export function fontUsage(sources: CssSource[], googleFontFamilies: string[] = []): FontUsage {
  const usage: FontUsage = { primary: new Map(), mentioned: new Set(), loaded: new Set(), declarations: 0 };
  const variables = new Map<string, string>();
  const cleaned = sources.map((source) => ({ ...source, css: source.css.replace(/\/\*[\s\S]*?\*\//g, '') }));
  for (const { css } of cleaned) {
    for (const match of css.matchAll(/(--[\w-]+)\s*:\s*([^;{}]+)/g)) variables.set(match[1]!, match[2]!.trim());
  }
  const resolve = (value: string) => {
    let result = value;
    for (let depth = 0; depth < 3 && result.includes('var('); depth += 1) {
      result = result.replace(
        /var\(\s*(--[\w-]+)\s*(?:,\s*([^()]*))?\)/g,
        (_, name: string, fallback?: string) => variables.get(name) ?? fallback ?? '',
      );
    }
    return result;
  };
  for (const family of googleFontFamilies) usage.loaded.add(family.toLowerCase());

  for (const { url, css } of cleaned) {
    for (const match of css.matchAll(/@font-face\s*{([^}]*)}/gi)) {
      const family = /font-family\s*:\s*([^;]+)/i.exec(match[1]!)?.[1];
      if (family) for (const name of splitFamilies(family)) usage.loaded.add(name.toLowerCase());
    }
    for (const match of css.matchAll(/@import\s+(?:url\()?["']?([^"')\s]+)/gi)) {
      for (const name of googleFontsFamilies(match[1]!)) usage.loaded.add(name.toLowerCase());
    }
    const body = css.replace(/@font-face\s*{[^}]*}/gi, '');
    for (const match of body.matchAll(/(?:^|[;{\s])(font-family|font)\s*:\s*([^;{}]+)/gi)) {
      const property = match[1]!.toLowerCase();
      let value = resolve(match[2]!.replace(/\s+/g, ' ').trim());
      if (property === 'font') {
        const families = SIZE.exec(value)?.[1];
        if (!families) continue;
        value = families;
      }
      const stack = splitFamilies(value).filter((name) => !name.toLowerCase().startsWith('var('));
      const names = stack.filter((name) => !GENERIC_FAMILIES.has(name.toLowerCase()));
      if (stack.length === 0) continue;
      usage.declarations += 1;
      for (const name of names) usage.mentioned.add(name.toLowerCase());
      // A stack that starts with a generic family (system-ui, ui-monospace…) asks for the system font.
      const primary = stack[0]!;
      if (GENERIC_FAMILIES.has(primary.toLowerCase()) || ICON_FONT.test(primary)) continue;
      const key = primary.toLowerCase();
      const entry = usage.primary.get(key) ?? { name: primary, declarations: 0, sources: new Set<string>() };
      entry.declarations += 1;
      entry.sources.add(url);
      usage.primary.set(key, entry);
    }
  }
  return usage;
}

/** Family names in a Google Fonts URL: ?family=Inter:wght@400;700&family=Playfair+Display */
export function googleFontsFamilies(href: string): string[] {
  let url: URL;
  try {
    url = new URL(href, 'https://example.invalid/');
  } catch {
    return [];
  }
  if (!/fonts\.googleapis\.com$/i.test(url.hostname)) return [];
  return url.searchParams
    .getAll('family')
    .flatMap((value) => value.split('|'))
    .map((value) => value.split(':')[0]!.replace(/\+/g, ' ').trim())
    .filter(Boolean);
}

const WEIGHT_WORDS =
  /\s+(thin|hairline|extra ?light|ultra ?light|light|regular|normal|book|medium|semi ?bold|demi ?bold|bold|extra ?bold|ultra ?bold|black|heavy|italic|oblique)$/i;

/** 'Inter Bold' → 'inter'; declared names often carry a weight. */
export function fontKey(name: string): string {
  let key = name.replace(/["']/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
  while (WEIGHT_WORDS.test(key)) key = key.replace(WEIGHT_WORDS, '');
  return key;
}

export function runFontChecks(declaredFonts: string[], snapshot: SiteSnapshot): CheckResult[] {
  const declaredCheck = meta('fonts-declared-used', "The website uses the brand's declared fonts");
  const countCheck = meta('font-family-count', `The website uses at most ${MAX_FONT_FAMILIES} font families`);
  const declared = [
    ...new Map(declaredFonts.filter((font) => font.trim()).map((font) => [fontKey(font), font.trim()])).entries(),
  ];
  const sources = cssSourcesOf(snapshot);
  const google = htmlPagesOf(snapshot).flatMap(({ $ }) =>
    $('link[href*="fonts.googleapis.com"]')
      .toArray()
      .flatMap((element) => googleFontsFamilies(element.attribs.href ?? '')),
  );
  const usage = fontUsage(sources, google);
  const primaryKeys = new Map([...usage.primary].map(([key, entry]) => [fontKey(key), entry]));

  let declaredResult: CheckResult;
  if (declared.length === 0) {
    declaredResult = makeCheck(declaredCheck, 'not_applicable', 'The brand declares no fonts');
  } else if (usage.declarations === 0) {
    declaredResult = makeCheck(
      declaredCheck,
      'not_measured',
      sources.length === 0
        ? 'Not measured: no stylesheet or inline style could be read'
        : 'Not measured: the CSS read sets no font family',
    );
  } else {
    const evidence: Evidence[] = declared.map(([key, name]) => {
      const entry = primaryKeys.get(key);
      if (entry)
        return { selector: name, value: true, note: `Primary font in ${countOf(entry.declarations, 'declaration')}` };
      const mentioned = [...usage.mentioned].some((family) => fontKey(family) === key);
      const loaded = [...usage.loaded].some((family) => fontKey(family) === key);
      return {
        selector: name,
        value: false,
        note: mentioned
          ? 'Only named as a fallback'
          : loaded
            ? 'Loaded but never set as a font'
            : 'Not found in the CSS',
      };
    });
    const used = evidence.filter((item) => item.value === true).length;
    declaredResult =
      used === declared.length
        ? makeCheck(
            declaredCheck,
            'pass',
            declared.length === 1
              ? 'The declared font is used by the website'
              : `All ${countOf(declared.length, 'declared font')} are used by the website`,
            evidence,
          )
        : makeCheck(
            declaredCheck,
            'fail',
            declared.length === 1
              ? `The declared font ${declared[0]?.[1]} is not used by the website`
              : `${partOf(used, declared.length, 'declared font')} ${verbForPart(used, declared.length, 'is', 'are')} used by the website; not used: ${evidence
                  .filter((item) => item.value === false)
                  .map((item) => item.selector)
                  .join(', ')}`,
            evidence.filter((item) => item.value === false),
          );
  }

  let countResult: CheckResult;
  if (usage.primary.size === 0) {
    countResult = makeCheck(
      countCheck,
      'not_applicable',
      sources.length === 0 ? 'No stylesheet or inline style could be read' : 'The CSS read sets no font family',
    );
  } else {
    const families = [...usage.primary.values()].sort(
      (a, b) => b.declarations - a.declarations || a.name.localeCompare(b.name),
    );
    const evidence = families.map((family) => ({
      selector: family.name,
      value: family.declarations,
      note: `${pluralFor(family.declarations, 'declaration')}, in ${[...family.sources].slice(0, 2).join(', ')}${family.sources.size > 2 ? ` and ${family.sources.size - 2} more` : ''}`,
    }));
    const names = families.map((family) => family.name).join(', ');
    countResult = makeCheck(
      countCheck,
      families.length <= MAX_FONT_FAMILIES ? 'pass' : 'fail',
      `The website's CSS sets ${countOf(families.length, 'font family', 'font families')} (${names}); at most ${MAX_FONT_FAMILIES} recommended`,
      evidence,
    );
  }
  return [declaredResult, countResult];
}
