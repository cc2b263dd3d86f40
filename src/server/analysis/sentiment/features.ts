/**
 * What the linear model sees of a text: hashed word unigrams and bigrams (words inside a negation's
 * scope are marked, so "not worth" and "worth" are different features), emoji, optional character
 * n-grams, and three dense features from the rules (compound, positive and negative sums).
 */
import { CONTRAST_AFTER, NEGATORS } from './lexicon.ts';
import type { RuleAnalysis } from './rules.ts';
import type { Token } from './tokenise.ts';

export type FeatureOptions = {
  hashBits: number;
  bigrams: boolean;
  /** character n-gram lengths inside words, e.g. [3, 4]; empty for none */
  charGrams: number[];
};

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Words after a negator, up to the clause's end, carry a "not_" mark. */
function markedWords(tokens: Token[]): (string | null)[] {
  let negating = false;
  return tokens.map((token) => {
    if (token.kind === 'punct' || CONTRAST_AFTER.has(token.norm)) {
      negating = false;
      return null;
    }
    if (token.kind !== 'word') return token.norm;
    if (NEGATORS.has(token.norm)) {
      negating = true;
      return token.norm;
    }
    return negating ? `not_${token.norm}` : token.norm;
  });
}

/** Sorted, distinct hashed feature indices of a text. */
export function sparseFeatures(tokens: Token[], options: FeatureOptions): number[] {
  const mask = (1 << options.hashBits) - 1;
  const indices = new Set<number>();
  const words = markedWords(tokens);
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (!word) continue;
    indices.add(fnv1a(`w:${word}`) & mask);
    const next = words[i + 1];
    if (options.bigrams && next) indices.add(fnv1a(`b:${word} ${next}`) & mask);
    if (options.charGrams.length > 0 && tokens[i]?.kind === 'word') {
      // Grams of a negated word live apart from the plain word's: "not bad" shares nothing with "bad".
      const space = word.startsWith('not_') ? 'n' : 'c';
      const padded = `<${tokens[i]?.norm}>`;
      for (const n of options.charGrams) {
        for (let j = 0; j + n <= padded.length; j++) indices.add(fnv1a(`${space}:${padded.slice(j, j + n)}`) & mask);
      }
    }
  }
  return [...indices].sort((a, b) => a - b);
}

export function denseFeatures(rules: RuleAnalysis): number[] {
  return [rules.compound, rules.positive / 5, rules.negative / 5];
}
