/**
 * Lexicon and rules: each opinion word or phrase counts with its valence, scaled by degree words
 * ("very", "a bit"), flipped or replaced under negation ("not worth it", "won't be back"), weighted by
 * its clause ("good food but rude staff": the clause after "but" counts three times the one before)
 * and by emphasis (capitals, exclamation marks). Emoji and emoticons count as opinion words.
 */
import {
  CONCESSIVE,
  CONTRAST_AFTER,
  EMOJI_VALENCE,
  EMOTICON_VALENCE,
  INTENSIFIERS,
  LEXICON,
  type LexiconEntry,
  MAX_PHRASE_WORDS,
  NEGATION_FACTOR,
  NEGATORS,
  PHRASE_STARTS,
} from './lexicon.ts';
import type { Token } from './tokenise.ts';

export type Cue = {
  /** the word, phrase or emoji as matched */
  text: string;
  /** its contribution after negation, degree, clause and emphasis */
  value: number;
  negated: boolean;
  /** index of its first token */
  index: number;
};

export type RuleAnalysis = {
  /** sum of cue values squashed to -1..1 */
  compound: number;
  /** sum of positive contributions */
  positive: number;
  /** sum of negative contributions (≤ 0) */
  negative: number;
  cues: Cue[];
};

const NEGATION_LOOKBACK = 3;
/** Entries with their own negated value reach further back ("would not be inclined to buy"). */
const INTENT_LOOKBACK = 7;
const BEFORE_CONTRAST = 0.5;
const AFTER_CONTRAST = 1.5;
const SHOUT_BOOST = 1.3;
const EXCLAMATION_STEP = 0.3;
/** Squashing constant: a sum of about 4 (one strong word) gives a compound near 0.7. */
const SQUASH = 15;
/** "like" is an opinion only after its subject ("I like it"), not as a preposition ("looks like"). */
const LIKE_SUBJECTS = new Set([
  'i',
  'we',
  'you',
  'they',
  'he',
  'she',
  'really',
  'would',
  'do',
  'did',
  'not',
  'still',
  'totally',
  'definitely',
]);
/** Negators that are idioms rather than negation: "not only", "no matter", "nothing but". */
const NOT_NEGATING_NEXT = new Set(['only', 'just', 'matter', 'but', 'doubt', 'wonder']);

function isBoundary(token: Token | undefined): boolean {
  return !token || token.kind === 'punct';
}

/** Weight of each token's clause under "but"/"however" and "although"/"despite". */
export function clauseWeights(tokens: Token[]): number[] {
  const weights = tokens.map(() => 1);
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i]?.norm ?? '';
    const next = tokens[i + 1];
    if (isBoundary(next)) continue;
    const previous = tokens[i - 1];
    const contrast = CONTRAST_AFTER.has(word) && (word !== 'yet' || isBoundary(previous) || previous?.norm === 'and');
    if (contrast) {
      for (let j = 0; j < i; j++) weights[j] = (weights[j] ?? 1) * BEFORE_CONTRAST;
      for (let j = i; j < tokens.length; j++) weights[j] = AFTER_CONTRAST;
      continue;
    }
    const opensConcession =
      CONCESSIVE.has(word) &&
      (word !== 'even' || next?.norm === 'though') &&
      (word !== 'while' || isBoundary(previous));
    if (opensConcession) {
      let j = i;
      for (; j < tokens.length && !isBoundary(tokens[j]); j++) weights[j] = BEFORE_CONTRAST;
      const clauseEnds = tokens.slice(j + 1).some((token) => !isBoundary(token));
      if (clauseEnds) for (let k = j; k < tokens.length; k++) weights[k] = AFTER_CONTRAST;
      i = j;
    }
  }
  return weights;
}

function matchPhrase(tokens: Token[], start: number): { key: string; entry: LexiconEntry; length: number } | null {
  const first = tokens[start]?.norm ?? '';
  if (!PHRASE_STARTS.has(first)) {
    const entry = LEXICON.get(first);
    return entry ? { key: first, entry, length: 1 } : null;
  }
  for (let length = MAX_PHRASE_WORDS; length >= 1; length--) {
    const slice = tokens.slice(start, start + length);
    if (slice.length < length || slice.some((token) => token.kind !== 'word')) continue;
    const key = slice.map((token) => token.norm).join(' ');
    const entry = LEXICON.get(key);
    if (entry) return { key, entry, length };
  }
  return null;
}

function negatorBefore(tokens: Token[], index: number, consumed: Set<number>, lookback: number): boolean {
  let words = 0;
  for (let j = index - 1; j >= 0 && words < lookback; j--) {
    const token = tokens[j];
    if (!token || token.kind === 'punct' || CONTRAST_AFTER.has(token.norm)) return false;
    if (token.kind !== 'word') continue;
    words++;
    if (consumed.has(j)) continue;
    if (NEGATORS.has(token.norm) && !NOT_NEGATING_NEXT.has(tokens[j + 1]?.norm ?? '')) return true;
  }
  return false;
}

function degreeBefore(tokens: Token[], index: number): number {
  let factor = 1;
  for (let j = index - 1; j >= Math.max(0, index - 2); j--) {
    const scale = INTENSIFIERS.get(tokens[j]?.norm ?? '');
    if (scale === undefined) break;
    factor *= scale;
  }
  return factor;
}

function wordCue(
  tokens: Token[],
  index: number,
  weights: number[],
  consumed: Set<number>,
): { cue: Cue; length: number } | null {
  const token = tokens[index];
  if (!token) return null;
  const match = matchPhrase(tokens, index);
  if (!match) {
    // "too" before a word without its own valence is a complaint ("too salty", "way too small").
    const next = tokens[index + 1];
    if (token.norm === 'too' && next?.kind === 'word' && !LEXICON.has(next.norm) && !INTENSIFIERS.has(next.norm)) {
      return {
        cue: { text: `too ${next.norm}`, value: -1.2 * (weights[index] ?? 1), negated: false, index },
        length: 2,
      };
    }
    return null;
  }
  if (match.key === 'like' && !LIKE_SUBJECTS.has(tokens[index - 1]?.norm ?? '')) return null;
  const lookback = match.entry.negated === undefined ? NEGATION_LOOKBACK : INTENT_LOOKBACK;
  const negated = !match.entry.fixed && negatorBefore(tokens, index, consumed, lookback);
  const base = negated ? (match.entry.negated ?? match.entry.valence * NEGATION_FACTOR) : match.entry.valence;
  if (base === 0) return { cue: { text: match.key, value: 0, negated, index }, length: match.length };
  const emphasis = token.shouted || token.stretched ? SHOUT_BOOST : 1;
  const value = base * degreeBefore(tokens, index) * emphasis * (weights[index] ?? 1);
  return { cue: { text: match.key, value, negated, index }, length: match.length };
}

export function analyseRules(tokens: Token[]): RuleAnalysis {
  const weights = clauseWeights(tokens);
  const cues: Cue[] = [];
  const consumed = new Set<number>();
  let exclamations = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (!token) continue;
    if (token.kind === 'punct') {
      if (token.norm === '!') exclamations++;
      continue;
    }
    if (token.kind !== 'word') {
      const valence = (token.kind === 'emoji' ? EMOJI_VALENCE : EMOTICON_VALENCE).get(token.norm);
      if (valence) cues.push({ text: token.norm, value: valence * (weights[i] ?? 1), negated: false, index: i });
      continue;
    }
    const found = wordCue(tokens, i, weights, consumed);
    if (!found) continue;
    if (found.cue.value !== 0) cues.push(found.cue);
    if (LEXICON.get(found.cue.text)?.fixed) for (let j = i; j < i + found.length; j++) consumed.add(j);
    i += found.length - 1;
  }
  let sum = cues.reduce((total, cue) => total + cue.value, 0);
  if (sum !== 0) sum += Math.sign(sum) * EXCLAMATION_STEP * Math.min(exclamations, 3);
  return {
    compound: sum / Math.sqrt(sum * sum + SQUASH),
    positive: cues.reduce((total, cue) => total + Math.max(0, cue.value), 0),
    negative: cues.reduce((total, cue) => total + Math.min(0, cue.value), 0),
    cues,
  };
}
