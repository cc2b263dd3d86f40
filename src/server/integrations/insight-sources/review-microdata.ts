/**
 * schema.org nodes from a page's microdata (itemscope / itemtype / itemprop), read as the HTML
 * microdata specification says: an element's properties are the itemprop elements under it that no
 * nearer itemscope claims; a property's value comes from content, href, src, datetime or value
 * according to the element, else its text.
 */
import type { Cheerio, CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import type { SchemaNode } from './schema-node.ts';
import { squash } from './text.ts';

const URL_VALUE: Record<string, string> = {
  a: 'href',
  area: 'href',
  link: 'href',
  img: 'src',
  audio: 'src',
  embed: 'src',
  iframe: 'src',
  source: 'src',
  track: 'src',
  video: 'src',
  object: 'data',
};

function typesOf(itemtype: string | undefined): string[] {
  return (itemtype ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((type) => type.split(/[/#]/).at(-1) ?? type);
}

function propertyValue($: CheerioAPI, element: Element): string {
  const node = $(element);
  const tag = element.tagName.toLowerCase();
  if (tag === 'meta') return node.attr('content') ?? '';
  const urlAttribute = URL_VALUE[tag];
  if (urlAttribute) return node.attr(urlAttribute) ?? '';
  if (tag === 'time') return node.attr('datetime') ?? squash(node.text());
  if (tag === 'data' || tag === 'meter') return node.attr('value') ?? squash(node.text());
  return node.attr('content') ?? squash(node.text());
}

function addProperty(props: Record<string, unknown>, names: string, value: unknown) {
  for (const name of names.split(/\s+/).filter(Boolean)) {
    const existing = props[name];
    if (existing === undefined) props[name] = value;
    else props[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
}

/** The properties of the item rooted at `scope`, nested items as objects with their @type. */
function itemProperties($: CheerioAPI, scope: Element, depth = 0): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  const visit = (children: Cheerio<Element>) => {
    children.each((_, child) => {
      const node = $(child);
      const itemprop = node.attr('itemprop');
      const isScope = node.attr('itemscope') !== undefined;
      if (itemprop) {
        const value =
          isScope && depth < 8
            ? { '@type': typesOf(node.attr('itemtype')), ...itemProperties($, child, depth + 1) }
            : propertyValue($, child);
        addProperty(props, itemprop, value);
      }
      // A nested item's properties are its own.
      if (!isScope) visit(node.children());
    });
  };
  visit($(scope).children());
  return props;
}

/** The name of the nearest item around this one (what a nested review is about). */
function enclosingItemName($: CheerioAPI, element: Element): string | null {
  const parent = $(element).parent().closest('[itemscope]').get(0) as Element | undefined;
  if (!parent) return null;
  const name = itemProperties($, parent).name;
  const text = Array.isArray(name) ? name[0] : name;
  return typeof text === 'string' && text.trim() ? text.trim() : null;
}

/** Every typed microdata item on the page, nested ones included, in document order. */
export function microdataItems($: CheerioAPI): SchemaNode[] {
  const nodes: SchemaNode[] = [];
  $('[itemscope][itemtype]').each((_, element) => {
    const types = typesOf($(element).attr('itemtype'));
    if (types.length === 0) return;
    const props = itemProperties($, element);
    const itemid = $(element).attr('itemid');
    if (itemid && props['@id'] === undefined) props['@id'] = itemid;
    nodes.push({ types, props, parentName: enclosingItemName($, element) });
  });
  return nodes;
}
