/**
 * Text measures for tone checks: the main text of a page, Flesch reading ease, an informality rate,
 * a small-lexicon sentiment rate and content-word sets. English-oriented and deliberately simple:
 * each measure is a count anyone can repeat by hand.
 */
import type { CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';

/** Elements whose text is not the page's own prose. */
const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'nav',
  'header',
  'footer',
  'aside',
  'form',
  'button',
  'select',
  'option',
  'iframe',
  'canvas',
]);
/** Elements that end a line of text: a heading or list item is a sentence even without a full stop. */
const BLOCKS = new Set([
  'p',
  'div',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'br',
  'td',
  'th',
  'dt',
  'dd',
  'blockquote',
  'section',
  'article',
  'main',
  'figcaption',
  'tr',
  'ul',
  'ol',
  'table',
  'pre',
]);

/**
 * The page's prose: the text of <main> (or <article>, or the body) without navigation, headers,
 * footers, forms and scripts. Block elements become line breaks.
 */
export function mainText($: CheerioAPI): string {
  const root =
    $('main').get(0) ?? $('[role="main"]').get(0) ?? $('article').get(0) ?? $('body').get(0) ?? $.root().get(0);
  const parts: string[] = [];
  const walk = (node: AnyNode) => {
    if (node.type === 'text') {
      parts.push((node as unknown as { data: string }).data);
      return;
    }
    if (node.type !== 'tag' && node.type !== 'root') return;
    const element = node as Element;
    if (node.type === 'tag') {
      if (SKIPPED.has(element.name)) return;
      if (element.attribs['aria-hidden'] === 'true' || 'hidden' in element.attribs) return;
    }
    const block = node.type === 'tag' && BLOCKS.has(element.name);
    if (block) parts.push('\n');
    for (const child of element.children) walk(child);
    if (block) parts.push('\n');
  };
  if (root) walk(root);
  return parts
    .join('')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/** Words: letters (any script), digits and inner apostrophes or hyphens. */
export function wordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+(?:['-][\p{L}\p{N}]+)*/gu) ?? [];
}

/** Sentences: split at . ! ? followed by space or end, and at line breaks. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => wordsOf(sentence).length > 0);
}

/** English syllable estimate: vowel groups, less silent endings (-e, -es, -ed), at least one. */
export function syllables(word: string): number {
  let w = word.toLowerCase().replace(/[^a-z]/g, '');
  if (w.length <= 3) return 1;
  w = w.replace(/(?:[^laeiouy]es|ed|[^laeiouy]e)$/, '').replace(/^y/, '');
  return w.match(/[aeiouy]{1,2}/g)?.length ?? 1;
}

export type TextStats = {
  words: number;
  sentences: number;
  syllables: number;
  /** Flesch reading ease: 206.835 − 1.015 × words/sentence − 84.6 × syllables/word */
  readingEase: number;
  contractions: number;
  exclamations: number;
  secondPerson: number;
  /** (contractions + exclamation marks + second-person words) per 100 words */
  informality: number;
  positive: number;
  negative: number;
  /** (positive − negative lexicon words) per 100 words */
  sentiment: number;
};

const CONTRACTION = /^(?:\p{L}+n't|\p{L}+'(?:re|ve|ll|d|m)|(?:it|that|there|here|what|let|who|where|he|she)'s)$/iu;
const SECOND_PERSON = new Set([
  'you',
  'your',
  'yours',
  'yourself',
  'yourselves',
  "you're",
  "you've",
  "you'll",
  "you'd",
]);

/** A small sentiment lexicon (marketing and service vocabulary); a fuller engine comes with sentiment analysis. */
export const POSITIVE_WORDS = new Set(
  (
    'amazing awesome beautiful best better brilliant celebrate comfortable delight delighted delightful easy effortless ' +
    'enjoy excellent exceptional exciting fantastic favourite favorite fresh friendly fun generous glad great happy ' +
    'helpful ideal impressive incredible inspiring love loved lovely outstanding perfect pleasant pleased proud ' +
    'quality recommend reliable remarkable rewarding safe simple smooth success successful superb support thrive ' +
    'trusted warm welcome wonderful'
  ).split(' '),
);
export const NEGATIVE_WORDS = new Set(
  (
    'angry annoying awful bad broken complaint confusing costly damage danger dangerous delay delayed difficult ' +
    'disappointed disappointing fail failed failure fault frustrating hard hate horrible issue lose loss mess ' +
    'mistake painful poor problem problems risk risky sad slow sorry stress stressful terrible trouble ugly unfortunately ' +
    'unhappy unreliable upset useless waste worried worse worst wrong'
  ).split(' '),
);

export function textStats(text: string): TextStats {
  const words = wordsOf(text);
  const sentences = Math.max(1, sentencesOf(text).length);
  const syllableCount = words.reduce((sum, word) => sum + syllables(word), 0);
  const n = Math.max(1, words.length);
  let contractions = 0;
  let secondPerson = 0;
  let positive = 0;
  let negative = 0;
  for (const word of words) {
    const lower = word.toLowerCase();
    if (CONTRACTION.test(lower)) contractions += 1;
    if (SECOND_PERSON.has(lower)) secondPerson += 1;
    if (POSITIVE_WORDS.has(lower)) positive += 1;
    if (NEGATIVE_WORDS.has(lower)) negative += 1;
  }
  const exclamations = (text.match(/!+/g) ?? []).length;
  return {
    words: words.length,
    sentences,
    syllables: syllableCount,
    readingEase: 206.835 - 1.015 * (words.length / sentences) - 84.6 * (syllableCount / n),
    contractions,
    exclamations,
    secondPerson,
    informality: ((contractions + exclamations + secondPerson) / n) * 100,
    positive,
    negative,
    sentiment: ((positive - negative) / n) * 100,
  };
}

const STOP_WORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between ' +
    'both but by can could did do does doing down during each few for from further get got had has have having he her ' +
    'here hers herself him himself his how i if in into is it its itself just let me more most my myself no nor not now ' +
    'of off on once only or other our ours ourselves out over own same she should so some such than that the their ' +
    'theirs them themselves then there these they this those through to too under until up very was we were what when ' +
    'where which while who whom why will with would you your yours yourself yourselves us one two new use used using ' +
    'make made may might must need via per etc many much every well way like within without yet still even ever'
  ).split(' '),
);

/** Word frequencies of content words (three letters or more, not stop words, not numbers). */
export function contentWordCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of wordsOf(text)) {
    const lower = word.toLowerCase().replace(/'s$/, '');
    if (lower.length < 3 || STOP_WORDS.has(lower) || /\d/.test(lower) || lower.includes("'")) continue;
    counts.set(lower, (counts.get(lower) ?? 0) + 1);
  }
  return counts;
}

/** The `n` most frequent content words (ties broken alphabetically, so the result is stable). */
export function topWords(counts: Map<string, number>, n: number): Set<string> {
  return new Set(
    [...counts]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, n)
      .map(([word]) => word),
  );
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  for (const item of a) if (b.has(item)) shared += 1;
  return shared / (a.size + b.size - shared);
}

export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
