/**
 * How social posts are written, read as a person reads them: emoji and ASCII emoticons carry a
 * side, a hashtag is words ("#NeverAgain" is "never again"), a handle (@name) is an address rather
 * than a word, and a stretched word ("sooo good", "nooo") is the word, said with emphasis.
 * Emoji polarities come from the emoji-emotion package (-5 to 5, after the AFINN word list), and
 * emoticons from the emoticon package, each read as the emoji it stands for.
 */
import { emojiEmotion } from 'emoji-emotion';
import { emoticon } from 'emoticon';

/** A package polarity (-5..5) on the lexicon's scale, where a plain opinion word weighs about 2. */
const VALENCE_PER_POINT = 0.8;

const bare = (emoji: string) => emoji.replace(/\uFE0F/g, '');

/** Every emoji the package rates, by its form without variation selectors. */
export const PACKAGE_EMOJI_VALENCE: ReadonlyMap<string, number> = new Map(
  emojiEmotion
    .filter((entry) => entry.polarity !== 0)
    .map((entry) => [bare(entry.emoji), entry.polarity * VALENCE_PER_POINT]),
);

/**
 * The package's emoticons that open with a mark: one that opens with a letter or a figure ("D:",
 * "8)", "B)") is too often part of ordinary writing ("plan B)", "page 8)").
 */
const faces = (entry: (typeof emoticon)[number]) => entry.emoticons.filter((face) => /^[^\p{L}\p{N}]/u.test(face));

/** ASCII emoticons (lower case) with the valence of the emoji each stands for, where it has one. */
export const PACKAGE_EMOTICON_VALENCE: ReadonlyMap<string, number> = new Map(
  emoticon.flatMap((entry) => {
    const valence = PACKAGE_EMOJI_VALENCE.get(bare(entry.emoji));
    return valence === undefined ? [] : faces(entry).map((face) => [face.toLowerCase(), valence] as [string, number]);
  }),
);

/** The package's emoticons as a pattern, longest first so ">:(" is not read as ":(". */
export const PACKAGE_EMOTICON_SOURCE = [...new Set(emoticon.flatMap(faces))]
  .sort((a, b) => b.length - a.length)
  .map((face) => face.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
  .join('|');

/** "#NeverAgain" as "never again", "#worst_service_ever" as "worst service ever". */
export function hashtagWords(tag: string): string {
  return tag
    .replace(/_+/g, ' ')
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/(\p{L})(\p{N})|(\p{N})(\p{L})/gu, '$1$3 $2$4')
    .toLowerCase();
}

/** Hashtags read as words and handles left out; an e-mail address keeps its "@". */
export function readSocialMarks(text: string): string {
  return text
    .replace(/(^|[^\p{L}\p{N}_@.])@[\p{L}\p{N}_]+/gu, '$1 ')
    .replace(
      /(^|[^\p{L}\p{N}_&#])#([\p{L}\p{N}_]*\p{L}[\p{L}\p{N}_]*)/gu,
      (_, before: string, tag: string) => `${before}${hashtagWords(tag)}`,
    );
}

const STRETCHED = /(\p{L})\1{2,}/gu;
const IS_STRETCHED = /(\p{L})\1{2,}/u;

/**
 * A word with a letter written three or more times in a row, as the word it stretches: the form
 * with the run kept at two letters ("goood" is "good") or at one ("sooo" is "so"), whichever
 * `isKnown` knows, else the two-letter form. Null for a word that is not stretched.
 */
export function unstretched(word: string, isKnown: (word: string) => boolean): string | null {
  if (!IS_STRETCHED.test(word)) return null;
  const double = word.replace(STRETCHED, '$1$1');
  const single = word.replace(STRETCHED, '$1');
  if (isKnown(double)) return double;
  if (isKnown(single)) return single;
  return double;
}
