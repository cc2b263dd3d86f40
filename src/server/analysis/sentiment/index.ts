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
import { probabilities, shippedModel } from './model.ts';
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

export function analyseSentiment(text: string): SentimentResult {
  const tokens = tokenise(text);
  if (!tokens.some((token) => token.kind !== 'punct' && !/^\d+$/.test(token.norm))) return { ...NOTHING_SAID };
  const rules = analyseRules(tokens);
  const model = shippedModel();
  const { label, sentimentScore, confidence } = decide(probabilities(model, tokens, rules), rules, model.neutral);
  const { keywords, topics } = extractKeywords(tokens, rules.cues);
  return { label, sentimentScore, confidence, topics, emotions: detectEmotions(tokens), keywords };
}

export function analyseSentimentBatch(texts: readonly string[]): SentimentResult[] {
  return texts.map(analyseSentiment);
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
