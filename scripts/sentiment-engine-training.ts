/**
 * Training one of the engine's two readings (scripts/train-sentiment.ts): a polarity model, an
 * opinion model and a neutral calibration, each chosen among candidates by out-of-fold answers
 * over a pool (scripts/sentiment-folds.ts).
 */
import type { NeutralCalibration } from '../src/server/analysis/sentiment/decide.ts';
import type { LinearWeights } from '../src/server/analysis/sentiment/model.ts';
import { temperatureOf, weightsFromModel } from '../src/server/analysis/sentiment/train.ts';
import { type Calibrated, calibrate, macroRecall, type Scored, threeClass } from './sentiment-calibration.ts';
import { outOfFold, type PoolRow, probability, type Settings, trainOpinion, trainPolarity } from './sentiment-folds.ts';

export type EnginePlan = {
  name: string;
  base: Settings;
  polarityCandidates: Partial<Settings>[];
  /**
   * What the polarity candidates are compared on: out-of-fold accuracy over the whole pool, or per
   * kind of text, averaged so that each kind counts alike however many of it there are.
   */
  polarityJudgedOn: 'pool' | PoolRow['kind'][];
  opinionCandidates: Partial<Settings>[];
  /** binary accuracy on the review sentences that neutral answers may cost (1: no limit) */
  reviewCost: number;
  /** whether the social posts' macro recall counts in choosing the calibration */
  weighSocial: boolean;
};

export type TrainedEngine = {
  polarity: LinearWeights;
  opinion: LinearWeights;
  neutral: NeutralCalibration;
  settings: { polarity: Settings; opinion: Settings };
};

/** Every third social post is enough to weigh a calibration, at a third of the time. */
const CALIBRATION_SOCIAL_STEP = 3;

export const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

function polarAccuracy(rows: PoolRow[], positive: number[]): number {
  const polar = rows.map((row, i) => ({ row, p: positive[i] ?? 0.5 })).filter(({ row }) => row.label !== 'neutral');
  return polar.filter(({ row, p }) => (p > 0.5 ? 'positive' : 'negative') === row.label).length / polar.length;
}

function choosePolarity(pool: PoolRow[], plan: EnginePlan) {
  let best = { settings: plan.base, logits: [] as number[], accuracy: -1 };
  for (const candidate of plan.polarityCandidates) {
    const settings = { ...plan.base, ...candidate };
    const logits = outOfFold(pool, (rows) => trainPolarity(rows, settings), 'polarity');
    const positive = logits.map((value) => probability(value));
    const kinds = [...new Set(pool.map((row) => row.kind))];
    const byKind = kinds.map((kind) => ({
      kind,
      accuracy: polarAccuracy(
        pool.filter((row) => row.kind === kind),
        positive.filter((_, i) => pool[i]?.kind === kind),
      ),
    }));
    const judged = plan.polarityJudgedOn;
    const accuracy =
      judged === 'pool'
        ? polarAccuracy(pool, positive)
        : byKind.filter(({ kind }) => judged.includes(kind)).reduce((sum, { accuracy }) => sum + accuracy, 0) /
          judged.length;
    const parts = byKind.map(({ kind, accuracy }) => `${kind} ${percent(accuracy)}`).join(', ');
    console.log(`  polarity ${JSON.stringify(candidate)}: out-of-fold ${percent(accuracy)} (${parts})`);
    if (accuracy > best.accuracy + 1e-9) best = { settings, logits, accuracy };
  }
  const polar = pool
    .map((row, i) => ({ row, logit: best.logits[i] ?? 0 }))
    .filter(({ row }) => row.label !== 'neutral');
  const temperature = temperatureOf(
    polar.map(({ logit }) => logit),
    polar.map(({ row }) => (row.label === 'positive' ? 1 : 0)),
  );
  console.log(`  chosen polarity: ${JSON.stringify(best.settings)}, temperature ${temperature}`);
  return { settings: best.settings, logits: best.logits, temperature };
}

const describe = (result: Calibrated) =>
  `three-class macro-F1 ${result.macroF1.toFixed(3)}, accuracy ${percent(result.accuracy)}; ` +
  `social macro recall ${percent(result.socialMacroRecall)}; reviews ${percent(result.reviewAccuracy)}`;

export function trainEngine(pool: PoolRow[], plan: EnginePlan): TrainedEngine {
  console.log(`${plan.name}:`);
  const polarity = choosePolarity(pool, plan);
  const scoredWith = (opinionLogits: number[]): Scored[] =>
    pool.map((row, i) => ({
      text: row.text,
      label: row.label,
      rules: row.rules,
      probabilities: {
        positive: probability(polarity.logits[i] ?? 0, polarity.temperature),
        opinion: probability(opinionLogits[i] ?? 0),
      },
    }));
  const split = (scored: Scored[]) => ({
    reviews: scored.filter((_, i) => pool[i]?.kind === 'review'),
    plain: scored.filter((_, i) => pool[i]?.kind === 'plain'),
    social: plan.weighSocial
      ? scored.filter((_, i) => pool[i]?.kind === 'social').filter((_, i) => i % CALIBRATION_SOCIAL_STEP === 0)
      : [],
  });
  const calibrated = (parts: ReturnType<typeof split>) =>
    calibrate(parts.plain, parts.reviews, plan.reviewCost, parts.social);

  let best: { settings: Settings; parts: ReturnType<typeof split>; result: Calibrated } | null = null;
  for (const candidate of plan.opinionCandidates) {
    const settings = { ...polarity.settings, plainWeight: 3, ...candidate };
    const parts = split(scoredWith(outOfFold(pool, (rows) => trainOpinion(rows, settings), 'opinion')));
    const result = calibrated(parts);
    console.log(`  opinion ${JSON.stringify(candidate)}: out-of-fold ${describe(result)}`);
    if (!best || result.score > best.result.score + 1e-9) best = { settings, parts, result };
  }
  if (!best) throw new Error('no opinion candidate');
  const { calibration } = best.result;
  console.log(`  chosen opinion: ${JSON.stringify(best.settings)}`);
  console.log(`  chosen calibration: ${JSON.stringify(calibration)}`);
  const figures = threeClass(best.parts.plain, calibration);
  for (const label of ['positive', 'neutral', 'negative'] as const) {
    const { precision, recall } = figures.perClass[label];
    console.log(`    out-of-fold three-class ${label}: precision ${percent(precision)}, recall ${percent(recall)}`);
  }
  if (plan.weighSocial)
    console.log(`    out-of-fold social macro recall ${percent(macroRecall(best.parts.social, calibration))}`);

  const finalPolarity = trainPolarity(pool, polarity.settings);
  finalPolarity.temperature = polarity.temperature;
  return {
    polarity: weightsFromModel(finalPolarity),
    opinion: weightsFromModel(trainOpinion(pool, best.settings)),
    neutral: calibration,
    settings: { polarity: polarity.settings, opinion: best.settings },
  };
}
