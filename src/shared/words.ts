/** ['a', 'b', 'c'] → 'a, b and c' (or 'a, b or c' with the word 'or'). */
export function joinWords(words: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} ${conjunction} ${words.at(-1)}`;
}

const pluralRules = new Intl.PluralRules('en-GB');
const numberFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

/** The form of a word for a count: en-GB plural rules, so 1 is singular and 0, 1.5 and 2 are plural. */
export function pluralFor(n: number, one: string, many = `${one}s`): string {
  return pluralRules.select(n) === 'one' ? one : many;
}

/** A count with thousands separators: 46442 → '46,442'. */
export function wholeNumber(n: number): string {
  return numberFormat.format(n);
}

/** '0 pages', '1 page', '2 pages', '1,200 pages'; irregular plurals given: countOf(2, 'entry', 'entries'). */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${numberFormat.format(n)} ${pluralFor(n, one, many)}`;
}

/** The verb agreeing with a count: verbFor(1, 'is', 'are') → 'is'; verbFor(2, 'differs', 'differ') → 'differ'. */
export function verbFor(n: number, one: string, many: string): string {
  return pluralFor(n, one, many);
}

/** '1 of 11 pages', '0 of 1 page', '3 of 3 ads': the noun agrees with the whole, as it is read. */
export function partOf(part: number, whole: number, one: string, many = `${one}s`): string {
  return `${numberFormat.format(part)} of ${countOf(whole, one, many)}`;
}

/**
 * A ratio in words, rounded to one decimal place (never floored): 3 → '3 times', 4.5 → '4.5 times',
 * 10 / 3 → '3.3 times', 2 → 'twice'.
 */
export function timesAs(ratio: number): string {
  const rounded = Math.round(ratio * 10) / 10;
  if (rounded === 2) return 'twice';
  return `${numberFormat.format(rounded)} times`;
}

/**
 * The verb for a '1 of 11 pages …' phrase: it agrees with the part ('1 of 11 pages differs',
 * '3 of 11 pages differ'), and with a singular whole ('0 of 1 font is used').
 */
export function verbForPart(part: number, whole: number, one: string, many: string): string {
  return part === 1 || whole === 1 ? one : many;
}
