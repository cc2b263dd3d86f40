/**
 * Training for the linear models: logistic loss with L2 regularisation, fitted by AdaGrad over a
 * seeded shuffle, so the same data and settings always give the same weights.
 */
import { denseFeatures, type FeatureOptions, sparseFeatures } from './features.ts';
import { type LinearModel, type LinearWeights, logit, sigmoid } from './model.ts';
import { analyseRules, type RuleAnalysis } from './rules.ts';
import { type Token, tokenise } from './tokenise.ts';

/** `positive` is the class the model gives the probability of; `weight` scales its loss (default 1). */
export type TrainingExample = { text: string; positive: boolean; weight?: number };
export type TrainingSettings = FeatureOptions & { l2: number; epochs: number; learningRate: number; seed: number };
/** A model's dense features of a text: the polarity model's by default. */
export type DenseOf = (tokens: Token[], rules: RuleAnalysis) => number[];

const polarityDense: DenseOf = (_tokens, rules) => denseFeatures(rules);

type Encoded = { sparse: number[]; dense: number[]; y: number; weight: number };

/** Weights smaller than this are dropped from the shipped file; they change no decision measurably. */
const PRUNE_BELOW = 0.002;

/** A seeded 32-bit generator (mulberry32): the same seed, the same numbers. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function encode(examples: TrainingExample[], options: FeatureOptions, denseOf = polarityDense): Encoded[] {
  return examples.map((example) => {
    const tokens = tokenise(example.text);
    return {
      sparse: sparseFeatures(tokens, options),
      dense: denseOf(tokens, analyseRules(tokens)),
      y: example.positive ? 1 : 0,
      weight: example.weight ?? 1,
    };
  });
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

export function trainLinear(
  examples: TrainingExample[],
  settings: TrainingSettings,
  denseOf: DenseOf = polarityDense,
): LinearModel {
  const options: FeatureOptions = {
    hashBits: settings.hashBits,
    bigrams: settings.bigrams,
    charGrams: settings.charGrams,
  };
  const data = encode(examples, options, denseOf);
  const size = 1 << settings.hashBits;
  const denseCount = data[0]?.dense.length ?? 0;
  const model: LinearModel = {
    options,
    bias: 0,
    temperature: 1,
    dense: new Float64Array(denseCount),
    sparse: new Float64Array(size),
  };
  const squared = new Float64Array(size);
  const denseSquared = new Float64Array(denseCount);
  let biasSquared = 0;
  const random = mulberry32(settings.seed);
  const step = (gradient: number, accumulated: number) =>
    (settings.learningRate * gradient) / Math.sqrt(accumulated + 1e-8);
  for (let epoch = 0; epoch < settings.epochs; epoch++) {
    for (const row of shuffled(data, random)) {
      const error = (sigmoid(logit(model, row.sparse, row.dense)) - row.y) * row.weight;
      for (const index of row.sparse) {
        const gradient = error + settings.l2 * (model.sparse[index] ?? 0);
        squared[index] = (squared[index] ?? 0) + gradient * gradient;
        model.sparse[index] = (model.sparse[index] ?? 0) - step(gradient, squared[index] ?? 0);
      }
      row.dense.forEach((value, i) => {
        // The rules' features are few and general: they are not shrunk, the many sparse ones are.
        const gradient = error * value;
        denseSquared[i] = (denseSquared[i] ?? 0) + gradient * gradient;
        model.dense[i] = (model.dense[i] ?? 0) - step(gradient, denseSquared[i] ?? 0);
      });
      biasSquared += error * error;
      model.bias -= step(error, biasSquared);
    }
  }
  return model;
}

/** The divisor of the logits that minimises log-loss on held-out examples (grid 0.5 to 8). */
export function fitTemperature(model: LinearModel, heldOut: TrainingExample[], denseOf = polarityDense): number {
  const data = encode(heldOut, model.options, denseOf);
  return temperatureOf(
    data.map((row) => logit(model, row.sparse, row.dense)),
    data.map((row) => row.y),
  );
}

/** The same from held-out logits and their classes (1 or 0). */
export function temperatureOf(logits: number[], ys: number[]): number {
  let best = { temperature: 1, loss: Number.POSITIVE_INFINITY };
  for (let temperature = 0.5; temperature <= 8; temperature += 0.25) {
    const loss = ys.reduce((total, y, i) => {
      const p = sigmoid((logits[i] ?? 0) / temperature);
      return total - Math.log(Math.max(1e-9, y === 1 ? p : 1 - p));
    }, 0);
    if (loss < best.loss) best = { temperature, loss };
  }
  return best.temperature;
}

export function weightsFromModel(model: LinearModel): LinearWeights {
  const indices: number[] = [];
  const values: number[] = [];
  model.sparse.forEach((value, index) => {
    if (Math.abs(value) < PRUNE_BELOW) return;
    indices.push(index);
    values.push(Math.round(value * 1e4) / 1e4);
  });
  return {
    options: model.options,
    bias: Math.round(model.bias * 1e4) / 1e4,
    temperature: Math.round(model.temperature * 1e3) / 1e3,
    dense: [...model.dense].map((value) => Math.round(value * 1e4) / 1e4),
    indices,
    values,
  };
}
