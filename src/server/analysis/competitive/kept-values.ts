/**
 * What lets a report hold the readings of tens of thousands of ads in little memory: each equal
 * string or list of strings once (a row read from the database brings its own copy of its
 * competitor's id, its platform, its calls to action), and the first few of a long list without
 * sorting a copy of the whole of it.
 */
export class SharedValues {
  readonly #strings = new Map<string, string>();
  readonly #lists = new Map<string, string[]>();

  /** The one copy of an equal string kept so far. */
  string<T extends string | null | undefined>(value: T): T {
    if (typeof value !== 'string') return value;
    const kept = this.#strings.get(value);
    if (kept !== undefined) return kept as T;
    this.#strings.set(value, value);
    return value;
  }

  /** The one copy of an equal list kept so far (lists of strings without a line break in them). */
  list<T extends string[] | undefined>(values: T): T {
    if (!values) return values;
    const key = values.join('\n');
    const kept = this.#lists.get(key);
    if (kept) return kept as T;
    this.#lists.set(key, values);
    return values;
  }
}

/** The first `count` items in `order` (which never calls two items equal), without sorting them all. */
export function firstInOrder<T>(items: Iterable<T>, count: number, order: (a: T, b: T) => number): T[] {
  const kept: T[] = [];
  for (const item of items) keepInOrder(kept, item, count, order);
  return kept;
}

/** Adds an item to `kept`, the first `count` items in `order` so far, if it is among them. */
export function keepInOrder<T>(kept: T[], item: T, count: number, order: (a: T, b: T) => number): void {
  const last = kept[kept.length - 1];
  if (kept.length === count && last !== undefined && order(item, last) >= 0) return;
  let at = kept.length;
  while (at > 0 && order(item, kept[at - 1] as T) < 0) at -= 1;
  kept.splice(at, 0, item);
  if (kept.length > count) kept.pop();
}
