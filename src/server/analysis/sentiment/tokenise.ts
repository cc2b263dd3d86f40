/**
 * Splits a review or post into tokens the rules and the model share: lower-cased words, emoji,
 * emoticons and clause punctuation. Contractions with "n't" become the word plus "not", so negation
 * is one token whatever the spelling ("don't", "dont", "do n't", "won't"). Social writing is read
 * as written (social.ts): hashtags as words, handles left out, stretched words as the word.
 */
import { INTENSIFIERS, LEXICON, NEGATORS } from './lexicon.ts';
import { PACKAGE_EMOTICON_SOURCE, readSocialMarks, unstretched } from './social.ts';

export type TokenKind = 'word' | 'emoji' | 'emoticon' | 'punct';

export type Token = {
  /** lower-cased form that the lexicons are keyed on */
  norm: string;
  kind: TokenKind;
  /** written in capitals in a text that is not all capitals ("it was AWFUL") */
  shouted: boolean;
  /** starts with a capital letter ("Paddington", "Monday"; also any sentence's first word) */
  capitalised?: boolean;
  /** written with a letter stretched ("sooo good"): emphasis, as capitals are */
  stretched?: boolean;
};

const NOT_CONTRACTIONS: Record<string, string> = {
  dont: 'do',
  doesnt: 'does',
  didnt: 'did',
  isnt: 'is',
  wasnt: 'was',
  arent: 'are',
  werent: 'were',
  cant: 'can',
  couldnt: 'could',
  wouldnt: 'would',
  shouldnt: 'should',
  wont: 'will',
  havent: 'have',
  hasnt: 'has',
  hadnt: 'had',
  aint: 'is',
  mustnt: 'must',
  neednt: 'need',
};

const IRREGULAR_NOT: Record<string, string> = { wo: 'will', ca: 'can', sha: 'shall', ai: 'is' };

const EMOTICON_SOURCE = [
  "(?:[:;=][-^']?[)(\\]\\[dpo/\\\\|*]|[)(][-^']?[:;=]|<\\/?3)(?![\\p{L}\\p{N}])",
  `(?<![\\p{L}\\p{N}])(?:${PACKAGE_EMOTICON_SOURCE})(?![\\p{L}\\p{N}])`,
].join('|');
const EMOTICON_ONLY = new RegExp(`^(?:${EMOTICON_SOURCE})$`, 'iu');
const isKnownWord = (word: string) => LEXICON.has(word) || INTENSIFIERS.has(word) || NEGATORS.has(word);
const TOKEN = new RegExp(
  [
    EMOTICON_SOURCE,
    '\\p{Extended_Pictographic}(?:\\uFE0F|\\u200D\\p{Extended_Pictographic})*',
    "[\\p{L}\\p{N}]+(?:['’\\-][\\p{L}\\p{N}]+)*",
    '[.,;:!?]+',
  ].join('|'),
  'giu',
);

/** Joins the spaced-out contractions of tokenised corpora ("do n't", "it 's", "can 't"). */
export function normaliseText(text: string): string {
  return readSocialMarks(text.replace(/https?:\/\/\S+/g, ' '))
    .replace(/[’‘`´]/g, "'")
    .replace(/(\p{L})\s+n\s*'t\b/giu, "$1n't")
    .replace(/(\p{L})\s+'(s|re|ve|ll|d|m|t)\b/giu, "$1'$2")
    .replace(/''|"/g, ' ');
}

function splitNot(word: string): string[] {
  if (word.endsWith("n't")) {
    const stem = word.slice(0, -3);
    return [IRREGULAR_NOT[stem] ?? (stem || 'do'), 'not'];
  }
  const bare = NOT_CONTRACTIONS[word];
  return bare ? [bare, 'not'] : [word];
}

function isShouted(raw: string, textIsShouted: boolean): boolean {
  return !textIsShouted && raw.length >= 3 && raw === raw.toUpperCase() && raw !== raw.toLowerCase();
}

export function tokenise(text: string): Token[] {
  const source = normaliseText(text);
  const letters = source.replace(/[^\p{L}]/gu, '');
  const textIsShouted = letters.length > 0 && letters === letters.toUpperCase();
  const tokens: Token[] = [];
  for (const match of source.matchAll(TOKEN)) {
    const raw = match[0];
    const lower = raw.toLowerCase();
    if (/^[.,;:!?]+$/.test(raw)) {
      tokens.push({
        norm: lower.includes('!') ? '!' : lower.includes('?') ? '?' : (lower[0] ?? '.'),
        kind: 'punct',
        shouted: false,
      });
    } else if (/\p{Extended_Pictographic}/u.test(raw)) {
      tokens.push({ norm: raw.replace(/\uFE0F/g, ''), kind: 'emoji', shouted: false });
    } else if (EMOTICON_ONLY.test(raw)) {
      tokens.push({ norm: lower, kind: 'emoticon', shouted: false });
    } else {
      const shouted = isShouted(raw, textIsShouted);
      const capitalised = !textIsShouted && /^\p{Lu}/u.test(raw);
      const plain = lower.replace(/’/g, "'");
      const unstretchedWord = unstretched(plain, isKnownWord);
      for (const part of splitNot(unstretchedWord ?? plain)) {
        tokens.push({
          norm: part,
          kind: 'word',
          shouted,
          ...(capitalised ? { capitalised } : {}),
          ...(unstretchedWord ? { stretched: true } : {}),
        });
      }
    }
  }
  return tokens;
}
