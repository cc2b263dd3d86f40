/**
 * Keywords and topics taken from the text itself. Keywords are the content words and two-word
 * phrases that remain after common function words are removed, ranked by frequency and by
 * closeness to an opinion ("the battery life is awful": "battery life"). Topics are the noun-like
 * keywords: not opinion words, not adverbs, verbs or adjectives by their endings.
 */
import { INTENSIFIERS, LEXICON, NEGATORS } from './lexicon.ts';
import type { Cue } from './rules.ts';
import type { Token } from './tokenise.ts';

const STOPWORDS = new Set(
  (
    'a an the and or but if then than so as of at by for with about against between into through during before after ' +
    'above below to from up down in out on off over under again further once here there when where why how all any ' +
    'both each few more most other some such only own same too very can will just should now i me my myself we our ' +
    'ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself they them ' +
    'their theirs themselves what which who whom this that these those am is are was were be been being have has had ' +
    'having do does did doing would could might must shall may also get got gets getting go went goes going come came ' +
    'make made one two three first last still even ever really much many lot lots thing things way well back ' +
    "i'm i've i'd i'll it's that's there's they're we're you're he's she's let's what's let us etc ok okay " +
    'however though although yet because since while whilst until unless whether either every anything something ' +
    'everything nothing someone anyone everyone time times day days year years bit little say said says know think ' +
    'thought want wanted need needed use used using tried try see seen look looks looked take took give gave put ' +
    'another around actually already always usually often sometimes never maybe probably seem seems seemed like'
  ).split(/\s+/),
);

/** Verbs common in reviews that the endings below do not catch. */
const COMMON_VERBS = new Set(
  (
    'contain contains come comes work works arrive arrives take takes make makes keep keeps feel feels taste tastes ' +
    'sound sounds play plays run runs hold holds last lasts fit fits cost costs order ordered buy bought tell told'
  ).split(' '),
);

/**
 * Words that describe or count rather than name, which the endings below do not catch: number
 * words, plain adjectives and adverbs of size, time, place and degree, and irregular past forms.
 * They stay keywords but are never topics ("long wait": the topic is the wait).
 */
const NOT_NAMES = new Set(
  (
    'one two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty fifty hundred ' +
    'thousand half dozen new old big small large tiny long short far near late early high low fast slow quick ' +
    'hot warm cool full empty whole next previous same different real sure open closed online instead almost ' +
    'enough quite rather pretty super extra right left main top own entire overall total usual certain ' +
    'found kept brought sent paid spent felt heard held met lost sold caught told sat stood understood gone ' +
    'done seen given taken written eaten broke broken chose chosen forgot forgotten became began begun knew ' +
    'known grew grown threw thrown wore worn ran won left'
  ).split(' '),
);

const VERB_OR_MODIFIER_ENDINGS = /(?:ly|ed|ful|ous|ive|able|ible|less|ish|est|ier)$/;
const DETERMINERS = new Set(['the', 'a', 'an', 'my', 'our', 'their', 'your', 'his', 'her', 'its', 'this', 'that']);
const MAX_KEYWORDS = 6;
const MAX_TOPICS = 3;
/** Opinion cues within this many tokens make a word more likely to be what the text is about. */
const CUE_REACH = 4;

function isContent(word: string): boolean {
  return (
    word.length >= 3 &&
    !STOPWORDS.has(word) &&
    !NEGATORS.has(word) &&
    !INTENSIFIERS.has(word) &&
    /\p{L}/u.test(word) &&
    !/^\d/.test(word)
  );
}

function isNounLike(word: string, previous: string | undefined): boolean {
  if (LEXICON.has(word) || COMMON_VERBS.has(word) || NOT_NAMES.has(word) || VERB_OR_MODIFIER_ENDINGS.test(word)) {
    return false;
  }
  if (word.endsWith('ing')) return DETERMINERS.has(previous ?? '');
  return true;
}

function singular(word: string): string {
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|us|is|ics)$/.test(word) || word.length <= 3) return word;
  if (/(?:ches|shes|xes|sses|zes)$/.test(word)) return word.slice(0, -2);
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

type Candidate = { text: string; score: number; first: number; nounLike: boolean };

function collectCandidates(tokens: Token[], cues: Cue[]): Map<string, Candidate> {
  const cueIndices = cues.map((cue) => cue.index);
  const nearCue = (index: number) =>
    cueIndices.some((cueIndex) => cueIndex !== index && Math.abs(cueIndex - index) <= CUE_REACH);
  const candidates = new Map<string, Candidate>();
  const add = (text: string, score: number, index: number, nounLike: boolean) => {
    const existing = candidates.get(text);
    if (existing) existing.score += score;
    else candidates.set(text, { text, score, first: index, nounLike });
  };
  tokens.forEach((token, index) => {
    if (token.kind !== 'word' || !isContent(token.norm)) return;
    const previous = tokens[index - 1]?.norm;
    const nounLike = isNounLike(token.norm, previous);
    const weight = 1 + (nearCue(index) ? 0.5 : 0) + (nounLike ? 0.25 : 0);
    // "Valentine's" alone is about Valentine's (Day): the possessive ending is not part of the name.
    const word = token.norm.replace(/['’]s?$/, '');
    add(nounLike ? singular(word) : word, weight, index, nounLike);
    const next = tokens[index + 1];
    if (next?.kind === 'word' && isContent(next.norm) && nounLike && isNounLike(next.norm, token.norm)) {
      add(`${token.norm} ${singular(next.norm)}`, weight + 1, index, true);
    }
  });
  return candidates;
}

export function extractKeywords(tokens: Token[], cues: Cue[]): { keywords: string[]; topics: string[] } {
  const ranked = [...collectCandidates(tokens, cues).values()].sort((a, b) => b.score - a.score || a.first - b.first);
  const keywords: string[] = [];
  for (const candidate of ranked) {
    if (keywords.length >= MAX_KEYWORDS) break;
    const covered = keywords.some((chosen) => chosen.split(' ').includes(candidate.text));
    if (!covered) keywords.push(candidate.text);
  }
  const topics = ranked
    .filter((candidate) => candidate.nounLike && keywords.includes(candidate.text))
    .slice(0, MAX_TOPICS)
    .map((candidate) => candidate.text);
  return { keywords, topics };
}
