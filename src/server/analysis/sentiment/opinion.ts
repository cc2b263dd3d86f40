/**
 * Whether a text takes a side at all. Feedback and mentions are full of texts that do not: order
 * numbers, opening hours, questions, announcements, news, and mixed texts whose good and bad parts
 * balance. A second linear model, trained on labelled neutral texts against opinionated ones
 * (scripts/train-sentiment.ts), weighs the same hashed words as the polarity model plus these dense
 * features: how much opinion the rules found, whether it is a question, figures, days and times,
 * names, first person, degree words, length, how evenly praise and complaint balance, and plain
 * outcomes ("arrived crushed").
 */
import { INTENSIFIERS } from './lexicon.ts';
import { OUTCOME_KEYS } from './outcomes.ts';
import type { RuleAnalysis } from './rules.ts';
import type { Token } from './tokenise.ts';

/** Words that open a question ("Is the blend caffeine free", "Can I change the address"). */
const QUESTION_OPENERS = new Set([
  'what',
  'when',
  'where',
  'which',
  'who',
  'whom',
  'whose',
  'why',
  'how',
  'is',
  'are',
  'was',
  'were',
  'do',
  'does',
  'did',
  'can',
  'could',
  'will',
  'would',
  'should',
  'shall',
  'may',
  'has',
  'have',
  'had',
  'am',
]);
const FIRST_PERSON = new Set(['i', 'we', 'me', 'us', 'my', 'our', 'mine', 'ours', "i'm", "i've", "we're", "we've"]);
/** Days, months and times of day: schedules and timelines, which facts are full of. */
const WHEN = new Set(
  (
    'monday tuesday wednesday thursday friday saturday sunday weekday weekdays weekend weekends january february ' +
    'march april may june july august september october november december today tomorrow yesterday tonight morning ' +
    "afternoon evening midnight noon am pm daily weekly monthly annual annually o'clock"
  ).split(' '),
);

export const OPINION_FEATURES = 15;

const capped = (value: number) => Math.min(1, value);

/** Capitalised words that do not open a sentence: names of places, brands, days. */
function properNouns(tokens: Token[]): number {
  let count = 0;
  for (let i = 1; i < tokens.length; i++) {
    const previous = tokens[i - 1];
    const opensSentence = previous?.kind === 'punct' && previous.norm !== ',';
    const word = tokens[i]?.norm ?? '';
    if (tokens[i]?.capitalised && !opensSentence && word !== 'i' && !word.startsWith("i'")) count++;
  }
  return count;
}

export function opinionFeatures(tokens: Token[], rules: RuleAnalysis): number[] {
  const words = tokens.filter((token) => token.kind === 'word');
  const positive = rules.positive;
  const negative = -rules.negative;
  const outcome = rules.cues.reduce((sum, cue) => sum + (OUTCOME_KEYS.has(cue.text) ? Math.abs(cue.value) : 0), 0);
  const question = tokens.some((token) => token.kind === 'punct' && token.norm === '?');
  const opensQuestion = QUESTION_OPENERS.has(words[0]?.norm ?? '');
  return [
    rules.cues.length > 0 ? 1 : 0,
    capped(positive / 5),
    capped(negative / 5),
    Math.abs(rules.compound),
    question ? 1 : 0,
    opensQuestion ? 1 : 0,
    tokens.some((token) => /\d/.test(token.norm)) ? 1 : 0,
    tokens.some((token) => token.norm === '!' || token.kind === 'emoji' || token.kind === 'emoticon') ? 1 : 0,
    words.some((token) => FIRST_PERSON.has(token.norm)) ? 1 : 0,
    positive > 0 && negative > 0 ? Math.min(positive, negative) / Math.max(positive, negative) : 0,
    capped(outcome / 5),
    words.some((token) => INTENSIFIERS.has(token.norm)) ? 1 : 0,
    words.some((token) => WHEN.has(token.norm)) ? 1 : 0,
    capped(properNouns(tokens) / 3),
    capped(words.length / 25),
  ];
}
