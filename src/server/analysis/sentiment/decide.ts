/**
 * From the models' probabilities to what the product stores: label, a 1–5 score and a confidence.
 * A text is neutral when the opinion model finds no side taken (a fact, a question, an
 * announcement), or when its praise and complaint balance and the polarity model is undecided.
 * A clear complaint (negative cues and no positive one) is never labelled positive or neutral,
 * whatever the n-gram weights say, and plain praise is never labelled negative or neutral.
 */
import type { Probabilities } from './model.ts';
import type { RuleAnalysis } from './rules.ts';

export type SentimentLabel = 'positive' | 'negative' | 'neutral';

/**
 * Chosen by scripts/train-sentiment.ts by cross-validation and shipped with the weights. Below
 * `opinionThreshold` a text takes no side. A text without any opinion cue needs the opinion model
 * to reach `factualThreshold` instead, and is neutral too when the polarity model is undecided
 * about it (within `factualBand` of 0.5): both models are then judging from its words alone. A
 * text with both praise and complaint is mixed, hence neutral, when the smaller of the two sums is
 * at least `mixedBalance` of the larger, or its probability of being positive lies within
 * `mixedBand` of 0.5.
 */
export type NeutralCalibration = {
  opinionThreshold: number;
  factualThreshold: number;
  factualBand: number;
  mixedBalance: number;
  mixedBand: number;
};
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

/**
 * The most confident the engine ever says it is: it is right about nine times in ten on held-back
 * texts, so no label of its own reads as certain ("100% confidence").
 */
export const MOST_CONFIDENT = 0.95;

const round = (value: number) => Math.round(value * 1000) / 1000;
const confidenceOf = (value: number) => Math.min(MOST_CONFIDENT, round(value));

/** Praise and complaint of nearly equal weight ("great coffee, terrible cake"). */
export function isMixed(rules: RuleAnalysis, calibration: NeutralCalibration): boolean {
  const praise = rules.positive;
  const complaint = -rules.negative;
  return (
    praise > 0 && complaint > 0 && Math.min(praise, complaint) / Math.max(praise, complaint) >= calibration.mixedBalance
  );
}

export function decide(probabilities: Probabilities, rules: RuleAnalysis, calibration: NeutralCalibration): Decision {
  const complaint = isClearComplaint(rules);
  const praise = isClearPraise(rules);
  const p = complaint
    ? Math.min(probabilities.positive, COMPLAINT_CEILING)
    : praise
      ? Math.max(probabilities.positive, PRAISE_FLOOR)
      : probabilities.positive;
  const { opinion } = probabilities;
  const distance = Math.abs(p - 0.5);
  const factual = rules.cues.length === 0;
  const sideless = factual
    ? opinion < calibration.factualThreshold || distance < calibration.factualBand
    : opinion < calibration.opinionThreshold;
  if (!complaint && !praise && sideless) {
    // the confidence is the opinion model's probability that the text takes no side, at least a half
    return {
      label: 'neutral',
      sentimentScore: 3,
      confidence: confidenceOf(Math.max(0.5, 1 - opinion)),
      probability: round(p),
    };
  }
  if (isMixed(rules, calibration) && distance >= calibration.mixedBand) {
    return {
      label: 'neutral',
      sentimentScore: 3,
      confidence: confidenceOf(Math.max(0.5, 1 - opinion)),
      probability: round(p),
    };
  }
  if (rules.positive > 0 && rules.negative < 0 && distance < calibration.mixedBand) {
    return {
      label: 'neutral',
      sentimentScore: 3,
      confidence: confidenceOf(1 - distance / calibration.mixedBand / 2),
      probability: round(p),
    };
  }
  if (p > 0.5) {
    return { label: 'positive', sentimentScore: p >= 0.8 ? 5 : 4, confidence: confidenceOf(p), probability: round(p) };
  }
  return {
    label: 'negative',
    sentimentScore: p <= 0.2 ? 1 : 2,
    confidence: confidenceOf(1 - p),
    probability: round(p),
  };
}
