/**
 * Trains the sentiment engine's two linear models and calibrates neutral
 * (npx tsx scripts/train-sentiment.ts); deterministic, so the same fixtures give the same weights.
 *
 * 1. Polarity: each candidate setting is trained on the train split (review sentences plus the
 *    plain complaints and praise) and scored on the dev split; the best is kept.
 * 2. Opinion (does the text take a side): trained on the train split's neutral texts against its
 *    opinionated ones, the neutral ones weighted so both classes count equally.
 * 3. Neutral calibration: the opinion threshold and mixed band with the best three-class macro-F1
 *    on the three-class dev split, among those costing the review dev sentences at most
 *    REVIEW_COST of binary accuracy.
 * Both models are then retrained on train + dev and written to
 * src/server/analysis/sentiment/sentiment-weights.json. The test splits (the review sentences' 15 %
 * and the three-class texts' held-back 30 %) are never read here.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LinearModel, SentimentModel, SentimentWeights } from '../src/server/analysis/sentiment/model.ts';
import { WEIGHTS_URL } from '../src/server/analysis/sentiment/model.ts';
import { opinionFeatures } from '../src/server/analysis/sentiment/opinion.ts';
import {
  fitTemperature,
  type TrainingExample,
  type TrainingSettings,
  trainLinear,
  weightsFromModel,
} from '../src/server/analysis/sentiment/train.ts';
import { loadSplit, loadThreeClassSplit, type ThreeClassText } from '../tests/helpers/sentiment-data.ts';
import { binaryAccuracy, calibrate, NO_NEUTRAL, score, threeClass } from './sentiment-calibration.ts';

const BASE: TrainingSettings = {
  hashBits: 18,
  bigrams: true,
  charGrams: [],
  l2: 1e-3,
  epochs: 15,
  learningRate: 0.2,
  seed: 7,
};

/**
 * `plainWeight` scales the plain complaints and praise against the far more numerous review
 * sentences, in both models.
 */
type Candidate = Partial<TrainingSettings> & { plainWeight?: number };
const POLARITY_CANDIDATES: Candidate[] = [
  { bigrams: false },
  {},
  { l2: 1e-2 },
  { l2: 3e-2 },
  { charGrams: [3, 4], l2: 1e-2 },
  { charGrams: [4], l2: 1e-2 },
  { charGrams: [4, 5], l2: 1e-2 },
  { l2: 1e-2, plainWeight: 3 },
  { charGrams: [4], l2: 1e-2, plainWeight: 3 },
  { charGrams: [4], l2: 1e-2, plainWeight: 5 },
];
/**
 * The opinion model's hashed features and shrinkage. Fewer, plainer features keep it from learning
 * topics (products in the reviews, orders in the neutral texts) instead of whether a side is taken.
 */
const OPINION_CANDIDATES: Partial<TrainingSettings>[] = [
  { bigrams: false, charGrams: [], l2: 1e-3 },
  { bigrams: false, charGrams: [], l2: 1e-2 },
  { bigrams: false, charGrams: [], l2: 3e-2 },
  { bigrams: false, charGrams: [], l2: 1e-1 },
  { bigrams: true, charGrams: [], l2: 1e-2 },
  { bigrams: true, charGrams: [], l2: 3e-2 },
  { bigrams: true, charGrams: [4], l2: 1e-3 },
  { bigrams: true, charGrams: [4], l2: 3e-2 },
];
/** Neutral answers may cost the review dev sentences at most this much binary accuracy. */
const REVIEW_COST = 0.01;

const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
const polar = (rows: ThreeClassText[]) => rows.filter((row) => row.label !== 'neutral');

const reviews = { train: loadSplit('train'), dev: loadSplit('dev') };
const threeClassRows = { train: loadThreeClassSplit('train'), dev: loadThreeClassSplit('dev') };

const polarityExamples = (rows: { text: string; label: string }[], weight = 1): TrainingExample[] =>
  rows.map((row) => ({ text: row.text, positive: row.label === 'positive', weight }));

/** Opinionated texts are the positive class; neutral ones are weighted to balance the classes. */
function opinionExamples(reviewRows: { text: string }[], rows: ThreeClassText[], plainWeight: number) {
  const neutral = rows.filter((row) => row.label === 'neutral');
  const opinionated: TrainingExample[] = [
    ...reviewRows.map((row) => ({ text: row.text, positive: true })),
    ...polar(rows).map((row) => ({ text: row.text, positive: true, weight: plainWeight })),
  ];
  const total = opinionated.reduce((sum, example) => sum + (example.weight ?? 1), 0);
  const weight = total / Math.max(1, neutral.length);
  return [...opinionated, ...neutral.map((row) => ({ text: row.text, positive: false, weight }))];
}

const opinionDense = opinionFeatures;

type Settings = TrainingSettings & { plainWeight: number };

function trainPolarity(settings: Settings, split: 'train' | 'train+dev'): LinearModel {
  const [reviewRows, plainRows] =
    split === 'train'
      ? [reviews.train, polar(threeClassRows.train)]
      : [[...reviews.train, ...reviews.dev], polar([...threeClassRows.train, ...threeClassRows.dev])];
  const examples = [...polarityExamples(reviewRows), ...polarityExamples(plainRows, settings.plainWeight)];
  return trainLinear(examples, settings);
}

function trainOpinion(settings: Settings, split: 'train' | 'train+dev'): LinearModel {
  const examples =
    split === 'train'
      ? opinionExamples(reviews.train, threeClassRows.train, settings.plainWeight)
      : opinionExamples(
          [...reviews.train, ...reviews.dev],
          [...threeClassRows.train, ...threeClassRows.dev],
          settings.plainWeight,
        );
  return trainLinear(examples, settings, opinionDense);
}

const devPolar = polarityExamples([...reviews.dev, ...polar(threeClassRows.dev)]);

// 1. Polarity settings, judged with no neutral answer on the review and plain dev sentences.
let bestPolarity = { settings: { ...BASE, plainWeight: 1 } as Settings, model: null as LinearModel | null, accuracy: -1 };
for (const candidate of POLARITY_CANDIDATES) {
  const settings: Settings = { ...BASE, plainWeight: 1, ...candidate };
  const model = trainPolarity(settings, 'train');
  model.temperature = fitTemperature(model, devPolar);
  const engine: SentimentModel = { polarity: model, opinion: model, neutral: NO_NEUTRAL };
  const reviewAccuracy = binaryAccuracy(score(engine, reviews.dev), NO_NEUTRAL);
  const plainAccuracy = binaryAccuracy(score(engine, polar(threeClassRows.dev)), NO_NEUTRAL);
  const accuracy = binaryAccuracy(score(engine, [...reviews.dev, ...polar(threeClassRows.dev)]), NO_NEUTRAL);
  console.log(
    `polarity dev ${percent(accuracy)} (reviews ${percent(reviewAccuracy)}, plain ${percent(plainAccuracy)})  temperature ${model.temperature}  ${JSON.stringify(candidate)}`,
  );
  if (accuracy > bestPolarity.accuracy) bestPolarity = { settings, model, accuracy };
}
const polaritySettings = bestPolarity.settings;
const polarityModel = bestPolarity.model as LinearModel;
console.log(`chosen polarity: ${JSON.stringify(polaritySettings)} (dev ${percent(bestPolarity.accuracy)})`);

// 2 and 3. Opinion features and shrinkage and the neutral calibration, judged on three-class dev macro-F1.
let best: ReturnType<typeof calibrateWith> | null = null;
for (const candidate of OPINION_CANDIDATES) {
  const result = calibrateWith({ ...polaritySettings, ...candidate });
  console.log(
    `opinion ${JSON.stringify(candidate)}: three-class dev macro-F1 ${result.macroF1.toFixed(3)}, accuracy ${percent(result.accuracy)}; review dev ${percent(result.reviewAccuracy)} with ${JSON.stringify(result.calibration)}`,
  );
  if (!best || result.macroF1 > best.macroF1 + 1e-9) best = result;
}
if (!best) throw new Error('no opinion candidate');

function calibrateWith(settings: Settings) {
  const opinion = trainOpinion(settings, 'train');
  const engine: SentimentModel = { polarity: polarityModel, opinion, neutral: NO_NEUTRAL };
  return { settings, ...calibrate(score(engine, threeClassRows.dev), score(engine, reviews.dev), REVIEW_COST) };
}

const opinionSettings = best.settings;
const chosenOpinion = trainOpinion(opinionSettings, 'train');
const chosen: SentimentModel = { polarity: polarityModel, opinion: chosenOpinion, neutral: best.calibration };
const reviewScored = score(chosen, reviews.dev);
const threeScored = score(chosen, threeClassRows.dev);
console.log(`chosen opinion ${JSON.stringify(opinionSettings)}, calibration ${JSON.stringify(best.calibration)}`);
console.log(
  `  review dev binary accuracy ${percent(binaryAccuracy(reviewScored, NO_NEUTRAL))} without neutral, ${percent(binaryAccuracy(reviewScored, best.calibration))} with`,
);
const devFigures = threeClass(threeScored, best.calibration);
console.log(
  `  three-class dev accuracy ${percent(devFigures.accuracy)}, macro-F1 ${devFigures.macroF1.toFixed(3)} (n = ${devFigures.total})`,
);

// Final models on train + dev, with the temperatures and calibration chosen above.
const finalPolarity = trainPolarity(polaritySettings, 'train+dev');
finalPolarity.temperature = polarityModel.temperature;
const finalOpinion = trainOpinion(opinionSettings, 'train+dev');
const trainedOn =
  `polarity: ${reviews.train.length + reviews.dev.length} review sentences + ` +
  `${polar(threeClassRows.train).length + polar(threeClassRows.dev).length} plain complaints and praise, ` +
  `${JSON.stringify(polaritySettings)}; opinion: the same plus ` +
  `${[...threeClassRows.train, ...threeClassRows.dev].filter((row) => row.label === 'neutral').length} neutral texts, ${JSON.stringify(opinionSettings)}`;
const weights: SentimentWeights = {
  polarity: weightsFromModel(finalPolarity),
  opinion: weightsFromModel(finalOpinion),
  neutral: best.calibration,
  trainedOn,
};
fs.writeFileSync(fileURLToPath(WEIGHTS_URL), `${JSON.stringify(weights)}\n`);
console.log(
  `wrote ${weights.polarity.indices.length} polarity and ${weights.opinion.indices.length} opinion weights to ${fileURLToPath(WEIGHTS_URL)}`,
);
