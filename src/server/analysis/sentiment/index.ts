/**
 * The local sentiment engine (docs/decisions/0010-local-sentiment-engine.md): no network, a few
 * hundred microseconds a text. Rules over a review lexicon feed two linear models, one deciding
 * whether the text takes a side (trained on labelled neutral texts) and one which side; the result
 * carries topics, emotions and keywords taken from the text itself.
 */
import { type TSentimentResult, ZSentimentResult } from '../../../shared/schemas/insights.ts';
import { decide, isClearComplaint, MOST_CONFIDENT } from './decide.ts';
import { detectEmotions } from './emotions.ts';
import { extractKeywords } from './keywords.ts';
import { loadShippedModel, probabilities, type SentimentGenre, shippedModel } from './model.ts';
import { analyseRules } from './rules.ts';
import { tokenise } from './tokenise.ts';

export type SentimentResult = TSentimentResult;

/** A text without a word or emoji says nothing to weigh. */
const NOTHING_SAID: SentimentResult = {
  label: 'neutral',
  sentimentScore: 3,
  confidence: MOST_CONFIDENT,
  topics: [],
  emotions: [],
  keywords: [],
};

export type { SentimentGenre } from './model.ts';

/** Settles once the engine's weights are loaded (at first need, not at start); analyseSentiment needs them. */
export async function sentimentEngineReady(): Promise<void> {
  await loadShippedModel();
}

/**
 * One text's label, score, confidence, topics, emotions and keywords. `genre` says whether it is a
 * review (from a review site, or with a star rating) or anything else (a post, a comment, typed-in
 * feedback: the default); it chooses how readily a text is called neutral.
 */
export function analyseSentiment(text: string, { genre = 'post' }: { genre?: SentimentGenre } = {}): SentimentResult {
  const tokens = tokenise(text);
  if (!tokens.some((token) => token.kind !== 'punct' && !/^\d+$/.test(token.norm))) return { ...NOTHING_SAID };
  const rules = analyseRules(tokens);
  const reading = shippedModel()[genre];
  const { label, sentimentScore, confidence } = decide(probabilities(reading, tokens, rules), rules, reading.neutral);
  const { keywords, topics } = extractKeywords(tokens, rules.cues);
  return { label, sentimentScore, confidence, topics, emotions: detectEmotions(tokens), keywords };
}

export function analyseSentimentBatch(texts: readonly string[], genre: SentimentGenre = 'post'): SentimentResult[] {
  return texts.map((text) => analyseSentiment(text, { genre }));
}

/**
 * A language model's answer for a text, used only when it is a valid result and does not call a
 * clear complaint positive; otherwise the local result stands.
 */
export function acceptRefinement(text: string, local: SentimentResult, answer: unknown): SentimentResult {
  const parsed = ZSentimentResult.safeParse(answer);
  if (!parsed.success) return local;
  const scoreMatchesLabel =
    parsed.data.label === 'neutral'
      ? parsed.data.sentimentScore === 3
      : parsed.data.sentimentScore > 3 === (parsed.data.label === 'positive');
  if (!scoreMatchesLabel) return local;
  if (parsed.data.label === 'positive' && isClearComplaint(analyseRules(tokenise(text)))) return local;
  // a model's word is no more certain than the engine's
  return { ...parsed.data, confidence: Math.min(MOST_CONFIDENT, parsed.data.confidence) };
}
