/**
 * The readable text of a competitor's page, one line per block: headings marked with '#', list
 * items with '-', so a diff between two weeks reads as what a visitor would see change (a new
 * headline, a price, a plan's feature). Scripts, styles, navigation and footers are left out: they
 * change for reasons a visitor never notices (a build hash, a cookie banner's markup).
 */
import { load } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';

/** Lines kept per page: a page longer than this is cut, and the cut is stated. */
export const MAX_PAGE_LINES = 1500;
const MAX_LINE_LENGTH = 500;

const DROPPED =
  'script, style, noscript, template, svg, iframe, canvas, nav, footer, form select, [hidden], [aria-hidden="true"], [role="navigation"], [role="contentinfo"]';
const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
  'button',
]);
const HEADING = /^h([1-6])$/;

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Walks the tree, starting a new line at each block, so inline text stays together. */
function collectLines(root: AnyNode, lines: string[]): void {
  let current = '';
  const flush = (prefix = '') => {
    const line = squash(current);
    if (line) lines.push(`${prefix}${line}`.slice(0, MAX_LINE_LENGTH));
    current = '';
  };
  const visit = (node: AnyNode): void => {
    if (node.type === 'text') {
      current += (node as unknown as { data: string }).data;
      return;
    }
    if (node.type !== 'tag') return;
    const element = node as Element;
    const tag = element.name.toLowerCase();
    if (!BLOCK_TAGS.has(tag)) {
      for (const child of element.children) visit(child);
      return;
    }
    flush();
    const heading = HEADING.exec(tag);
    if (heading || tag === 'li') {
      // A heading or a list item is one line whatever blocks it holds inside.
      const inner: string[] = [];
      for (const child of element.children) collectLines(child, inner);
      const text = squash(inner.join(' '));
      if (text) lines.push(`${heading ? `${'#'.repeat(Number(heading[1]))} ` : '- '}${text}`.slice(0, MAX_LINE_LENGTH));
      return;
    }
    for (const child of element.children) visit(child);
    flush();
  };
  visit(root);
  flush();
}

/**
 * The page's readable text: its <main> (or role=main) when it has one, else its body without
 * navigation and footers; the title first. Repeated consecutive lines are kept once.
 */
export function extractPageText(html: string): { title: string | null; text: string; truncated: boolean } {
  const $ = load(html);
  const title = squash($('title').first().text()) || null;
  $(DROPPED).remove();
  const main = $('main, [role="main"]').first();
  const root = main.length > 0 ? main : $('body').first();
  const lines: string[] = [];
  for (const node of root.length > 0 ? root.get() : $.root().get()) collectLines(node, lines);
  const kept: string[] = [];
  for (const line of lines) if (kept[kept.length - 1] !== line) kept.push(line);
  const truncated = kept.length > MAX_PAGE_LINES;
  return { title, text: kept.slice(0, MAX_PAGE_LINES).join('\n'), truncated };
}
