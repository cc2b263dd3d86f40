/**
 * Stripe's request encoding read back: the SDK sends parameters as
 * application/x-www-form-urlencoded pairs with bracket keys (`items[0][price]`, `metadata[userId]`,
 * `expand[0]`, in the query string for GET and DELETE), which this turns into nested objects and
 * arrays as Stripe's API reads them.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/** `items[0][price]` -> ['items', '0', 'price']; `expand[]` -> ['expand', ''] */
function segmentsOf(key: string): string[] {
  const first = key.indexOf('[');
  if (first === -1) return [key];
  const segments = [key.slice(0, first)];
  for (const match of key.slice(first).matchAll(/\[([^\]]*)\]/g)) segments.push(match[1] ?? '');
  return segments;
}

const isIndex = (segment: string) => segment === '' || /^\d+$/.test(segment);

function place(container: FormObject | FormValue[], segments: string[], value: string): void {
  const [segment, ...rest] = segments as [string, ...string[]];
  const slot = Array.isArray(container) ? (segment === '' ? container.length : Number(segment)) : segment;
  const holder = container as Record<string | number, FormValue>;
  if (rest.length === 0) {
    holder[slot] = value;
    return;
  }
  const existing = holder[slot];
  const next: FormObject | FormValue[] =
    existing && typeof existing === 'object' ? existing : isIndex(rest[0] as string) ? [] : {};
  holder[slot] = next;
  place(next, rest, value);
}

/** Parses a form body or query string into Stripe's nested parameters. */
export function parseStripeForm(encoded: string): FormObject {
  const result: FormObject = {};
  for (const [key, value] of new URLSearchParams(encoded)) place(result, segmentsOf(key), value);
  return result;
}
