/**
 * Trains the sentiment engine's linear model (npx tsx scripts/train-sentiment.ts).
 * Each candidate setting is trained on the train split and scored on the dev split; the best is
 * retrained on train + dev and written to src/server/analysis/sentiment/sentiment-weights.json.
 * The test split is never read here.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { decide } from '../src/server/analysis/sentiment/decide.ts';
import { type LinearModel, positiveProbability, WEIGHTS_URL } from '../src/server/analysis/sentiment/model.ts';
import { analyseRules } from '../src/server/analysis/sentiment/rules.ts';
import { tokenise } from '../src/server/analysis/sentiment/tokenise.ts';
import {
  fitTemperature,
  type TrainingSettings,
  trainLinear,
  weightsFromModel,
} from '../src/server/analysis/sentiment/train.ts';
import { type LabelledText, loadSplit } from '../tests/helpers/sentiment-data.ts';

const BASE: TrainingSettings = {
  hashBits: 18,
  bigrams: true,
  charGrams: [],
  l2: 1e-3,
  epochs: 15,
  learningRate: 0.2,
  seed: 7,
};

const CANDIDATES: Partial<TrainingSettings>[] = [
  { bigrams: false },
  {},
  { l2: 1e-2 },
  { l2: 3e-2 },
  { charGrams: [3, 4] },
  { charGrams: [3, 4], l2: 1e-2 },
  { charGrams: [3, 4], l2: 3e-2 },
  { charGrams: [4], l2: 1e-2 },
  { charGrams: [4], l2: 3e-3 },
  { charGrams: [4, 5], l2: 1e-2 },
  { charGrams: [3, 4], l2: 1e-2, epochs: 5 },
];

function accuracy(model: LinearModel, rows: LabelledText[]): number {
  let correct = 0;
  for (const row of rows) {
    const tokens = tokenise(row.text);
    const rules = analyseRules(tokens);
    if (decide(positiveProbability(model, tokens, rules), rules, model.bands).label === row.label) correct++;
  }
  return correct / rows.length;
}

const examples = (rows: LabelledText[]) => rows.map((row) => ({ text: row.text, positive: row.label === 'positive' }));
const train = loadSplit('train');
const dev = loadSplit('dev');

let best = { settings: BASE, score: -1, temperature: 1 };
for (const candidate of CANDIDATES) {
  const settings = { ...BASE, ...candidate };
  const model = trainLinear(examples(train), settings);
  model.temperature = fitTemperature(model, examples(dev));
  const score = accuracy(model, dev);
  console.log(
    `dev accuracy ${(score * 100).toFixed(1)} %  temperature ${model.temperature}  ${JSON.stringify(candidate)}`,
  );
  if (score > best.score) best = { settings, score, temperature: model.temperature };
}
console.log(`chosen: ${JSON.stringify(best.settings)} (dev ${(best.score * 100).toFixed(1)} %)`);

/** Candidate neutral bands, narrowest first; the held-out product measurement counts neutral as wrong. */
const BANDS = [
  { neutral: 0, factual: 0 },
  { neutral: 0.01, factual: 0.03 },
  { neutral: 0.02, factual: 0.05 },
  { neutral: 0.03, factual: 0.08 },
  { neutral: 0.04, factual: 0.12 },
];
/**
 * A band may cost at most this much dev accuracy against having none: the product is measured with
 * neutral counted as wrong, so a band has to be nearly free to be worth its neutral answers.
 */
const BAND_COST = 0.01;

const chosenModel = trainLinear(examples(train), best.settings);
chosenModel.temperature = best.temperature;
const bandAccuracies = BANDS.map((bands) => accuracy({ ...chosenModel, bands }, dev));
const widest =
  BANDS.filter((_, i) => (bandAccuracies[0] ?? 0) - (bandAccuracies[i] ?? 0) <= BAND_COST).at(-1) ?? BANDS[0];
BANDS.forEach((bands, i) => {
  console.log(`dev accuracy ${((bandAccuracies[i] ?? 0) * 100).toFixed(1)} % with bands ${JSON.stringify(bands)}`);
});
console.log(`chosen bands: ${JSON.stringify(widest)}`);

const final = trainLinear(examples([...train, ...dev]), best.settings);
final.temperature = best.temperature;
final.bands = widest ?? { neutral: 0, factual: 0 };
const description = `train+dev, ${train.length + dev.length} sentences; ${JSON.stringify(best.settings)}`;
const weights = weightsFromModel(final, description);
fs.writeFileSync(fileURLToPath(WEIGHTS_URL), `${JSON.stringify(weights)}\n`);
console.log(`wrote ${weights.indices.length} weights to ${fileURLToPath(WEIGHTS_URL)}`);
