/**
 * From the model's probability to what the product stores: label, a 1–5 score and a confidence.
 * The neutral band is narrow because nearly every review sentence takes a side; a text with no
 * opinion cue at all and an undecided model (a plain fact) is neutral. A clear complaint (negative
 * cues and no positive one) is never labelled positive, whatever the n-gram weights say, and plain
 * praise is never labelled negative (on dev data this changed no answer for the worse).
 */
import type { RuleAnalysis } from './rules.ts';

export type SentimentLabel = 'positive' | 'negative' | 'neutral';

/**
 * Probabilities within `neutral` of 0.5 are neutral; without any opinion cue the wider `factual`
 * band applies, as the model is then only guessing from topic words. Both are chosen by
 * scripts/train-sentiment.ts on dev data and shipped with the weights.
 */
export type NeutralBands = { neutral: number; factual: number };
/** Sum of negative cue values from which a text with no positive cue is a clear complaint. */
export const CLEAR_COMPLAINT = -1.5;
/** The highest probability of "positive" a clear complaint may keep. */
const COMPLAINT_CEILING = 0.25;
/** Likewise, plain praise (positive cues of at least this sum, no negative one) stays positive. */
export const CLEAR_PRAISE = 2.5;
const PRAISE_FLOOR = 0.75;

export type Decision = { label: SentimentLabel; sentimentScore: number; confidence: number; probability: number };

export function isClearComplaint(rules: RuleAnalysis): boolean {
  return rules.positive === 0 && rules.negative <= CLEAR_COMPLAINT;
}

export function isClearPraise(rules: RuleAnalysis): boolean {
  return rules.negative === 0 && rules.positive >= CLEAR_PRAISE;
}

export function decide(probability: number, rules: RuleAnalysis, bands: NeutralBands): Decision {
  const p = isClearComplaint(rules)
    ? Math.min(probability, COMPLAINT_CEILING)
    : isClearPraise(rules)
      ? Math.max(probability, PRAISE_FLOOR)
      : probability;
  const distance = Math.abs(p - 0.5);
  const band = rules.cues.length === 0 ? bands.factual : bands.neutral;
  const round = (value: number) => Math.round(value * 1000) / 1000;
  if (band > 0 && distance < band) {
    return { label: 'neutral', sentimentScore: 3, confidence: round(1 - distance / band / 2), probability: round(p) };
  }
  if (p > 0.5) {
    return { label: 'positive', sentimentScore: p >= 0.8 ? 5 : 4, confidence: round(p), probability: round(p) };
  }
  return { label: 'negative', sentimentScore: p <= 0.2 ? 1 : 2, confidence: round(1 - p), probability: round(p) };
}
