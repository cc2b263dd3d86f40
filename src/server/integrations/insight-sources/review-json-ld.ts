/**
 * schema.org nodes from a page's JSON-LD blocks: a block may hold one node, an array of them or an
 * @graph; reviews often sit nested in a Product's, LocalBusiness's or Organization's `review`
 * array and a summary in its `aggregateRating`, sometimes without their own @type.
 */
import type { CheerioAPI } from 'cheerio';
import type { SchemaNode } from './schema-node.ts';

const MAX_DEPTH = 12;

/** Properties whose values are Reviews or an AggregateRating even when they omit @type. */
const IMPLIED_TYPES: Record<string, string> = {
  review: 'Review',
  reviews: 'Review',
  aggregateRating: 'AggregateRating',
};

/** "Review", "schema:Review", "https://schema.org/Review" → "Review" */
function typeNames(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list
    .filter((item): item is string => typeof item === 'string')
    .map((type) => type.split(/[/:#]/).at(-1) ?? type);
}

function nameOf(record: Record<string, unknown>): string | null {
  const name = Array.isArray(record.name) ? record.name[0] : record.name;
  return typeof name === 'string' && name.trim() ? name.trim() : null;
}

function walk(value: unknown, parentName: string | null, impliedType: string | null, depth: number, out: SchemaNode[]) {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) walk(item, parentName, impliedType, depth + 1, out);
    return;
  }
  const record = value as Record<string, unknown>;
  let types = typeNames(record['@type']);
  if (types.length === 0 && impliedType) types = [impliedType];
  if (types.length > 0) out.push({ types, props: record, parentName });
  const name = types.length > 0 ? (nameOf(record) ?? parentName) : parentName;
  for (const [key, child] of Object.entries(record)) {
    if (key === '@context') continue;
    walk(child, key === '@graph' ? parentName : name, IMPLIED_TYPES[key] ?? null, depth + 1, out);
  }
}

/** Every typed node in the page's JSON-LD, in document order; unreadable blocks are skipped. */
export function jsonLdNodes($: CheerioAPI): SchemaNode[] {
  const nodes: SchemaNode[] = [];
  $('script').each((_, element) => {
    const type = ($(element).attr('type') ?? '').toLowerCase().split(';')[0]?.trim();
    if (type !== 'application/ld+json') return;
    const text = $(element).text().trim();
    if (!text) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      // A broken block says nothing reliable; the page's other markup still counts.
      return;
    }
    walk(parsed, null, null, 0, nodes);
  });
  return nodes;
}
