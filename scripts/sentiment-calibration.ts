/**
 * Choosing the neutral calibration for scripts/train-sentiment.ts: each text's probabilities are
 * computed once (out of fold), then every candidate threshold, balance and band is scored on them.
 */
import { decide, type NeutralCalibration, type SentimentLabel } from '../src/server/analysis/sentiment/decide.ts';
import { evaluateThreeClass } from '../src/server/analysis/sentiment/evaluate.ts';
import type { Probabilities } from '../src/server/analysis/sentiment/model.ts';
import type { RuleAnalysis } from '../src/server/analysis/sentiment/rules.ts';

export type Scored = { text: string; label: SentimentLabel; rules: RuleAnalysis; probabilities: Probabilities };

const labelOf = (row: Scored, calibration: NeutralCalibration) =>
  decide(row.probabilities, row.rules, calibration).label;

/** Share of polar rows labelled with their side; neutral counts as wrong. */
export function binaryAccuracy(rows: Scored[], calibration: NeutralCalibration): number {
  return rows.filter((row) => labelOf(row, calibration) === row.label).length / rows.length;
}

export function threeClass(rows: Scored[], calibration: NeutralCalibration) {
  const byText = new Map(rows.map((row) => [row.text, labelOf(row, calibration)]));
  return evaluateThreeClass(rows, (text) => byText.get(text) ?? 'neutral');
}

/** Balance above 1 never happens: no text is mixed. */
export const NO_NEUTRAL: NeutralCalibration = {
  opinionThreshold: 0,
  factualThreshold: 0,
  factualBand: 0,
  mixedBalance: 2,
  mixedBand: 0,
};
const THRESHOLDS = Array.from({ length: 17 }, (_, i) => Math.round((0.1 + i * 0.05) * 100) / 100);
const FACTUAL_BANDS = [0, 0.05, 0.1, 0.15, 0.2];
const MIXED_BALANCES = [2, 0.8, 0.6];
const MIXED_BANDS = [0, 0.05];

function* candidates(): Generator<NeutralCalibration> {
  for (const opinionThreshold of THRESHOLDS) {
    for (const factualThreshold of THRESHOLDS) {
      for (const factualBand of FACTUAL_BANDS) {
        for (const mixedBalance of MIXED_BALANCES) {
          for (const mixedBand of MIXED_BANDS) {
            yield { opinionThreshold, factualThreshold, factualBand, mixedBalance, mixedBand };
          }
        }
      }
    }
  }
}

export type Calibrated = {
  calibration: NeutralCalibration;
  /** what was maximised: the three-class texts' macro-F1, averaged with the social posts' macro recall */
  score: number;
  macroF1: number;
  accuracy: number;
  reviewAccuracy: number;
  socialMacroRecall: number;
};

/** The mean of the three classes' recalls (the social benchmarks' own measure). */
export function macroRecall(rows: Scored[], calibration: NeutralCalibration): number {
  const hits = { positive: 0, neutral: 0, negative: 0 };
  const support = { positive: 0, neutral: 0, negative: 0 };
  for (const row of rows) {
    support[row.label]++;
    if (labelOf(row, calibration) === row.label) hits[row.label]++;
  }
  const labels = ['positive', 'neutral', 'negative'] as const;
  return labels.reduce((sum, label) => sum + (support[label] === 0 ? 0 : hits[label] / support[label]), 0) / 3;
}

/**
 * The calibration with the best score among those that cost the review sentences at most `maxCost`
 * of binary accuracy against giving no neutral answer at all: the three-class texts' macro-F1,
 * averaged with the social posts' macro recall when there are social posts; ties go to the higher
 * review accuracy, then to the narrower setting.
 */
export function calibrate(
  threeClassRows: Scored[],
  reviewRows: Scored[],
  maxCost: number,
  socialRows: Scored[] = [],
): Calibrated {
  const floor = binaryAccuracy(reviewRows, NO_NEUTRAL) - maxCost;
  const measure = (calibration: NeutralCalibration, reviewAccuracy: number): Calibrated => {
    const { macroF1, accuracy } = threeClass(threeClassRows, calibration);
    const socialMacroRecall = socialRows.length === 0 ? 0 : macroRecall(socialRows, calibration);
    const score = socialRows.length === 0 ? macroF1 : (macroF1 + socialMacroRecall) / 2;
    return { calibration, score, macroF1, accuracy, reviewAccuracy, socialMacroRecall };
  };
  let best: Calibrated | null = null;
  for (const calibration of candidates()) {
    const reviewAccuracy = binaryAccuracy(reviewRows, calibration);
    if (reviewAccuracy < floor - 1e-9) continue;
    const result = measure(calibration, reviewAccuracy);
    const better =
      !best ||
      result.score > best.score + 1e-9 ||
      (Math.abs(result.score - best.score) <= 1e-9 && reviewAccuracy > best.reviewAccuracy + 1e-9);
    if (better) best = result;
  }
  return best ?? measure(NO_NEUTRAL, floor + maxCost);
}
