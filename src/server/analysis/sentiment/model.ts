/**
 * The trained linear model: logistic regression over sparse hashed features plus the rules' dense
 * features. Its weights are trained by scripts/train-sentiment.ts and shipped as
 * sentiment-weights.json beside this file; it is imported as a module (so bundling the server keeps
 * it) and turned into the model's arrays once, on first use.
 */
import type { NeutralBands } from './decide.ts';
import { DENSE_FEATURES, denseFeatures, type FeatureOptions, sparseFeatures } from './features.ts';
import type { RuleAnalysis } from './rules.ts';
import shippedWeights from './sentiment-weights.json' with { type: 'json' };
import type { Token } from './tokenise.ts';

export type SentimentWeights = {
  options: FeatureOptions;
  bias: number;
  dense: number[];
  /** logits are divided by this, fitted on held-out dev data so probabilities are calibrated */
  temperature: number;
  bands: NeutralBands;
  /** hashed feature index → weight, as parallel arrays */
  indices: number[];
  values: number[];
  /** how the weights were made, for the decision record */
  trainedOn: string;
};

export type LinearModel = {
  options: FeatureOptions;
  bias: number;
  temperature: number;
  bands: NeutralBands;
  dense: Float64Array;
  sparse: Float64Array;
};

/** Where scripts/train-sentiment.ts writes the weights. */
export const WEIGHTS_URL = new URL('./sentiment-weights.json', import.meta.url);

export function modelFromWeights(weights: SentimentWeights): LinearModel {
  const sparse = new Float64Array(1 << weights.options.hashBits);
  weights.indices.forEach((index, i) => {
    sparse[index] = weights.values[i] ?? 0;
  });
  const dense = new Float64Array(DENSE_FEATURES);
  weights.dense.forEach((value, i) => {
    dense[i] = value;
  });
  return {
    options: weights.options,
    bias: weights.bias,
    temperature: weights.temperature,
    bands: weights.bands,
    dense,
    sparse,
  };
}

let loaded: LinearModel | null = null;

/** The shipped model, built on first use and kept for the life of the process. */
export function shippedModel(): LinearModel {
  loaded ??= modelFromWeights(shippedWeights as SentimentWeights);
  return loaded;
}

export function logit(model: LinearModel, features: number[], dense: number[]): number {
  let sum = model.bias;
  for (const index of features) sum += model.sparse[index] ?? 0;
  for (let i = 0; i < dense.length; i++) sum += (model.dense[i] ?? 0) * (dense[i] ?? 0);
  return sum;
}

/** The logistic function: a logit as a probability. */
export function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

/** Probability that the text is positive. */
export function positiveProbability(model: LinearModel, tokens: Token[], rules: RuleAnalysis): number {
  return sigmoid(logit(model, sparseFeatures(tokens, model.options), denseFeatures(rules)) / model.temperature);
}
