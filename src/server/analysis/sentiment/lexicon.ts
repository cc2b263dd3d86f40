/**
 * The opinion vocabulary of product, service and restaurant reviews, written for this engine.
 * Valences run from -4 (strongest complaint) to +4. An entry may carry its own value under negation
 * where flipping the sign is wrong: "won't be back" and "don't buy" are firm complaints although
 * "be back" is only mildly positive and "buy" is neutral.
 */

import { outcomeEntries } from './outcomes.ts';
import { PACKAGE_EMOJI_VALENCE, PACKAGE_EMOTICON_VALENCE } from './social.ts';

export type LexiconEntry = {
  valence: number;
  /** valence when a negator governs the entry; the default is valence × NEGATION_FACTOR */
  negated?: number;
  /** a fixed expression that negation does not flip ("waste of money", "no problems") */
  fixed?: boolean;
};

/** Negated opinion words are weaker than their opposites ("not great" is milder than "bad"). */
export const NEGATION_FACTOR = -0.75;

function parse(groups: Record<string, string>): Map<string, number> {
  const map = new Map<string, number>();
  for (const [value, words] of Object.entries(groups)) {
    for (const word of words.split(/\s+/).filter(Boolean)) map.set(word.replace(/_/g, ' '), Number(value));
  }
  return map;
}

const WORDS = parse({
  '3.5':
    'outstanding exceptional superb phenomenal flawless masterpiece perfection incredible spectacular heavenly divine',
  '3':
    'excellent amazing awesome fantastic wonderful perfect best love loved loves loving adore adored terrific fabulous ' +
    'brilliant delicious delightful gorgeous stunning thrilled delighted magnificent marvelous marvellous exquisite ' +
    'amazingly awsome impeccable',
  '2.5':
    'great beautiful lovely impressive impressed enjoyable favorite favourite favorites favourites yummy tasty charming ' +
    'happy pleased glad recommend recommended highly_recommend wonderfully beautifully flawlessly excellently ' +
    'friendly superior terrifically fun satisfying worthwhile professional attentive helpful courteous welcoming ' +
    'durable reliable generous',
  '2':
    'good nice enjoy enjoyed enjoying satisfied pleasant cool cozy cosy fresh flavorful flavourful elegant stylish sleek ' +
    'comfortable polite knowledgeable sturdy handy convenient intuitive smooth smoothly efficient prompt promptly ' +
    'affordable bargain ideal worthy excited exciting gem cute pleasure joy blast wow yum love_it thanks thank ' +
    'refreshing vibrant tender juicy crisp crispy responsive accommodating gracious recommendable excellence quality_product ' +
    'likes liked',
  '1.5':
    'better useful versatile powerful clean spotless reasonable reasonably fast quick quickly easy easily simple ' +
    'solid decent vivid bright clear sharp accurate nicely well_made authentic creative unique inexpensive worth ' +
    'works working valuable hearty warm fair safe secure sturdy perfectly properly fine',
  '0.8': 'ok okay like value free fits plus pro pros improved improvement recommendation correctly',
  '-0.8':
    'average pricey steep expensive small tiny loud hard tough chewy wait waiting minutes hour hours late lukewarm ' +
    'ordinary con cons replacement refunded',
  '-1.2':
    'lack lacks lacking missing lag slow slowly noisy crowded cramped dry salty odd weird strange ' +
    'confusing complicated awkward clunky error errors issue issues bug noise smell smells dark dim dull cheaply ' +
    'overcooked undercooked watery bitter sour greasy oily thin weak waited returned return refund difficult ' +
    'cold disappoint worried worry unfortunately sadly wrong incorrect mistake mistakes',
  '-2':
    'bad poor problem problems broke broken breaks failed fails fail failure defective faulty flimsy bland stale soggy ' +
    'burnt burned rubbery tasteless mediocre meh boring bored annoying annoyed irritating frustrating frustrated ' +
    'hassle complaint complaints dirty sticky gross stinks stinky smelly overpriced overrated underwhelming ' +
    'uncomfortable unhelpful unfriendly unprofessional unreliable unresponsive nonexistent inattentive ignored ' +
    'ignore forgot forgotten sloppy messy mess lame crashed crashes crash freezes froze freezing died dies dead ' +
    'cracked leaks leaked leaking blurry grainy stuck jammed glitch glitches buggy sluggish laggy upset sad ' +
    'unhappy dissatisfied unsatisfied unimpressed underwhelmed letdown shame pity regret regrets sorry avoid ' +
    'beware warning overcharged disappointed disappointing disappointment worse ugly tedious rushed stopped quit',
  '-3':
    'terrible horrible awful worst hate hated hates disgusting revolting nasty inedible useless worthless ' +
    'junk crap crappy garbage trash rubbish sucks sucked pathetic ridiculous rude arrogant incompetent unacceptable ' +
    'filthy horrendous atrocious dreadful abysmal appalling unusable scam ripoff rip-off furious angry disgusted ' +
    'lousy shoddy substandard poorly pointless insulting hideous awfully horribly terribly',
  '-3.5': 'nightmare disaster disastrous poisoning vomit vomiting sick',
});

/** Comparatives, nouns of praise and complaint, and sound and build words the groups above lack. */
const MORE_WORDS = parse({
  '3': 'finest topnotch unbeatable unmatched',
  '2.5': 'marvel tremendous tremendously thoughtful excels excel excelled seamless seamlessly painless hassle-free',
  '2': 'robust speedy snappy zippy praise praised rave raved happier happiest easiest shines',
  '1.5': 'steady readable crisper smoother sharper easier shine',
  '1': 'faster brighter adequate adequately',
  '0.8': 'lighter cheaper',
  '-0.8': 'heavy heavier harder',
  '-1.2':
    'slower noisier bulky stiff fussy finicky picky awkwardly odor odour skipping skips confused complain complained complaining costlier',
  '-1.5': 'pain joke gimmick gimmicky',
  '-2':
    'inoperable inferior clumsy fragile painful headache nuisance unstable overheats overheating distorted tinny ' +
    'muffled crackling subpar sub-par lacklustre lackluster regretted suck sucky',
  '-2.5': 'laughable',
});

/** Things a product or a place is expected to do: saying it does not is a complaint ("won't play"). */
const FUNCTIONS =
  'play plays read reads recognize recognizes recognise recognises close closes open opens load loads charge ' +
  'charges connect connects respond responds answer answers help helps hold holds last lasts fit fits start starts ' +
  'turn turns function functions operate operates stay stays care cares bother show showed arrive arrived';

/** Multi-word expressions, matched before single words. */
const PHRASES: Record<string, LexiconEntry> = {
  ...Object.fromEntries(FUNCTIONS.split(' ').map((word) => [word, { valence: 0, negated: -2 }])),
  'be back': { valence: 2, negated: -3 },
  'come back': { valence: 2, negated: -3 },
  'coming back': { valence: 2, negated: -3 },
  'go back': { valence: 1.5, negated: -3 },
  'going back': { valence: 1.5, negated: -3 },
  'return again': { valence: 2, negated: -3 },
  // "again" alone takes no side ("cold coffee again" is a complaint); "never again" does
  again: { valence: 0, negated: -2.5 },
  buy: { valence: 0, negated: -2.5 },
  purchase: { valence: 0, negated: -2.5 },
  order: { valence: 0, negated: -1.5 },
  recommend: { valence: 2.5, negated: -3 },
  worth: { valence: 1.5, negated: -2.5 },
  work: { valence: 0.5, negated: -2.5 },
  working: { valence: 1, negated: -2.5 },
  works: { valence: 1.2, negated: -2.5 },
  impressed: { valence: 2.5, negated: -2.5 },
  'stopped working': { valence: -3, fixed: true },
  'quit working': { valence: -3, fixed: true },
  'stop working': { valence: -3, fixed: true },
  'fell apart': { valence: -3, fixed: true },
  'falls apart': { valence: -3, fixed: true },
  'waste of': { valence: -3, fixed: true },
  'waste your': { valence: -3, fixed: true },
  'waste my': { valence: -3, fixed: true },
  wasted: { valence: -2.5, fixed: true },
  waste: { valence: -2.5, fixed: true },
  'no problems': { valence: 2, fixed: true },
  'no problem': { valence: 1.5, fixed: true },
  'no issues': { valence: 2, fixed: true },
  'no complaints': { valence: 2, fixed: true },
  'not a problem': { valence: 1.5, fixed: true },
  'not bad': { valence: 1.5, fixed: true },
  'nothing special': { valence: -1.5, fixed: true },
  'nothing to write home about': { valence: -1.5, fixed: true },
  'could be better': { valence: -1.5, fixed: true },
  'could have been better': { valence: -2, fixed: true },
  'left a lot to be desired': { valence: -2.5, fixed: true },
  'leaves a lot to be desired': { valence: -2.5, fixed: true },
  'leaves something to be desired': { valence: -2, fixed: true },
  'to be desired': { valence: -2, fixed: true },
  'no flavor': { valence: -2, fixed: true },
  'no flavour': { valence: -2, fixed: true },
  'no taste': { valence: -2, fixed: true },
  'food poisoning': { valence: -4, fixed: true },
  'worth every penny': { valence: 3, fixed: true },
  'a must': { valence: 2, fixed: true },
  'go to': { valence: 0 },
  'five stars': { valence: 2.5, fixed: true },
  '5 stars': { valence: 2.5, fixed: true },
  'one star': { valence: -2.5, fixed: true },
  '1 star': { valence: -2.5, fixed: true },
  'zero stars': { valence: -3, fixed: true },
  '0 stars': { valence: -3, fixed: true },
  'never again': { valence: -3, fixed: true },
  'piece of junk': { valence: -3.5, fixed: true },
  'piece of crap': { valence: -3.5, fixed: true },
  'thumbs up': { valence: 2, fixed: true },
  'thumbs down': { valence: -2, fixed: true },
  'money back': { valence: -2, fixed: true },
  'sent it back': { valence: -2, fixed: true },
  'send it back': { valence: -2, fixed: true },
  'returned it': { valence: -2, fixed: true },
  'return it': { valence: -1.5, fixed: true },
  'took forever': { valence: -2.5, fixed: true },
  'takes forever': { valence: -2.5, fixed: true },
  'on point': { valence: 2, fixed: true },
  'top notch': { valence: 3, fixed: true },
  'first class': { valence: 2, fixed: true },
  'hit the spot': { valence: 2.5, fixed: true },
  'blown away': { valence: 3, fixed: true },
  'fell in love': { valence: 3, fixed: true },
  'so so': { valence: -1.2, fixed: true },
  'so-so': { valence: -1.2, fixed: true },
  'way too': { valence: -1, fixed: true },
  'the best': { valence: 3 },
  'the worst': { valence: -3.5 },
  'well worth': { valence: 2.5, negated: -2 },
  'well done': { valence: 1.5 },
  'works well': { valence: 2, negated: -2 },
  'works great': { valence: 2.5, negated: -2 },
  'at all': { valence: 0 },
};

/** Words and phrases with their valence, longest phrase first so "be back" wins over "back". */
export const LEXICON: Map<string, LexiconEntry> = (() => {
  const map = new Map<string, LexiconEntry>();
  for (const [word, valence] of WORDS) map.set(word, { valence });
  for (const [word, valence] of MORE_WORDS) if (!map.has(word)) map.set(word, { valence });
  for (const [phrase, entry] of Object.entries(PHRASES)) map.set(phrase, entry);
  // Events and outcomes only add what the opinion vocabulary lacks.
  for (const [key, entry] of outcomeEntries()) if (!map.has(key)) map.set(key, entry);
  return map;
})();

export const MAX_PHRASE_WORDS = Math.max(...[...LEXICON.keys()].map((key) => key.split(' ').length));

/** First words of the multi-word entries, so most words need a single lookup. */
export const PHRASE_STARTS = new Set(
  [...LEXICON.keys()].filter((key) => key.includes(' ')).map((key) => key.split(' ')[0] ?? ''),
);

export const NEGATORS = new Set([
  'not',
  'no',
  'never',
  'none',
  'nothing',
  'nobody',
  'nowhere',
  'neither',
  'nor',
  'without',
  'cannot',
  'hardly',
  'barely',
  'scarcely',
  'lacked',
]);

/** Degree words and how much they scale the opinion word after them. */
export const INTENSIFIERS = new Map<string, number>([
  ...(['very', 'really', 'so', 'super', 'truly', 'totally', 'completely', 'definitely', 'seriously'] as const).map(
    (word) => [word, 1.3] as [string, number],
  ),
  ...(
    ['extremely', 'incredibly', 'absolutely', 'utterly', 'highly', 'insanely', 'unbelievably', 'exceptionally'] as const
  ).map((word) => [word, 1.5] as [string, number]),
  ['most', 1.2],
  ['quite', 1.1],
  ['especially', 1.2],
  ['even', 1.1],
  ['pretty', 0.9],
  ['fairly', 0.8],
  ['somewhat', 0.7],
  ['slightly', 0.6],
  ['bit', 0.7],
  ['little', 0.7],
  ['kind', 0.7],
  ['kinda', 0.7],
  ['sort', 0.7],
  ['sorta', 0.7],
  ['mostly', 0.8],
  ['almost', 0.7],
]);

/** Words that turn the weight of the sentence to what follows ("good food but rude staff"). */
export const CONTRAST_AFTER = new Set(['but', 'however', 'yet', 'unfortunately', 'sadly', 'except', 'otherwise']);
/** Words that open a conceding clause whose weight drops ("although the food was good, ..."). */
export const CONCESSIVE = new Set(['although', 'though', 'despite', 'while', 'whilst', 'even']);

/** The package's emoji, with the hand-set ones below where both rate an emoji. */
export const EMOJI_VALENCE = new Map<string, number>([
  ...PACKAGE_EMOJI_VALENCE,
  ...[...'😀😃😄😁😊🙂😍🥰😘😋🤩😎👍👌🎉💯🔥⭐🌟💖💕💗💓💞❤💙💚💜🧡🥳🙌👏😻🤤✨✅🏆'].map(
    (emoji) => [emoji, 2.5] as [string, number],
  ),
  ...[...'😞😢😭😩😫👎💩🤮🤢😒🙄😤😕☹🙁😣😖😔😟😨😱🤬😡😠💔❌🤦😬😑😐'].map(
    (emoji) => [emoji, emoji === '😐' || emoji === '😑' ? -1 : -2.5] as [string, number],
  ),
]);

export const EMOTICON_VALENCE = new Map<string, number>([
  ...PACKAGE_EMOTICON_VALENCE,
  [':)', 2],
  [':-)', 2],
  ['=)', 2],
  [':d', 2.5],
  [':-d', 2.5],
  [';)', 1.5],
  [';-)', 1.5],
  ['<3', 2.5],
  [':p', 1],
  [':(', -2.5],
  [':-(', -2.5],
  [":'(", -3],
  ['=(', -2.5],
  [':/', -1.5],
  [':-/', -1.5],
  [':|', -1],
  ['</3', -2.5],
]);
