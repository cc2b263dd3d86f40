/**
 * The trained linear models: logistic regressions over the same sparse hashed features, each with
 * dense features of its own. The polarity model gives the probability that an opinionated text is
 * positive; the opinion model (opinion.ts) the probability that the text takes a side at all. There
 * is a pair of them, with its own neutral calibration, for each genre (a reading): reviews, and
 * posts (decision 0032). Their weights and calibrations are made by scripts/train-sentiment.ts and shipped as
 * sentiment-weights.json beside this file. It is imported as a module (so bundling the server keeps
 * it, as a chunk of its own) on first use rather than at start, since most of a web process's life
 * needs no sentiment, and turned into the models' arrays once.
 */
import type { NeutralCalibration } from './decide.ts';
import { denseFeatures, type FeatureOptions, sparseFeatures } from './features.ts';
import { opinionFeatures } from './opinion.ts';
import type { RuleAnalysis } from './rules.ts';
import type { Token } from './tokenise.ts';

export type LinearWeights = {
  options: FeatureOptions;
  bias: number;
  dense: number[];
  /** logits are divided by this, fitted on held-out dev data so probabilities are calibrated */
  temperature: number;
  /** hashed feature index → weight, as parallel arrays */
  indices: number[];
  values: number[];
};

/**
 * What a text is, as far as neutral goes: a review takes a side by intent, so a reserved review
 * sentence ("the battery lasts five hours") is still an opinion; a post, a comment or typed-in
 * feedback often takes none. Each has its own neutral calibration over the same two models.
 */
export type SentimentGenre = 'review' | 'post';

/** One reading's weights: its two models and its neutral calibration. */
export type ReadingWeights = { polarity: LinearWeights; opinion: LinearWeights; neutral: NeutralCalibration };

export type SentimentWeights = Record<SentimentGenre, ReadingWeights> & {
  /** how the weights were made, for the decision record */
  trainedOn: string;
};

export type LinearModel = {
  options: FeatureOptions;
  bias: number;
  temperature: number;
  dense: Float64Array;
  sparse: Float64Array;
};

export type Reading = { polarity: LinearModel; opinion: LinearModel; neutral: NeutralCalibration };
export type SentimentModel = Record<SentimentGenre, Reading>;

/** Where scripts/train-sentiment.ts writes the weights. */
export const WEIGHTS_URL = new URL('./sentiment-weights.json', import.meta.url);

export function linearFromWeights(weights: LinearWeights): LinearModel {
  const { options } = weights;
  const sparse = new Float64Array(1 << options.hashBits);
  weights.indices.forEach((index, i) => {
    sparse[index] = weights.values[i] ?? 0;
  });
  return {
    options,
    bias: weights.bias,
    temperature: weights.temperature,
    dense: Float64Array.from(weights.dense),
    sparse,
  };
}

function readingFromWeights(weights: ReadingWeights): Reading {
  return {
    polarity: linearFromWeights(weights.polarity),
    opinion: linearFromWeights(weights.opinion),
    neutral: weights.neutral,
  };
}

export function modelFromWeights(weights: SentimentWeights): SentimentModel {
  return { review: readingFromWeights(weights.review), post: readingFromWeights(weights.post) };
}

let loaded: SentimentModel | null = null;
let loading: Promise<SentimentModel> | null = null;

/** Loads the shipped models once; every later call shares the same load. */
export function loadShippedModel(): Promise<SentimentModel> {
  loading ??= import('./sentiment-weights.json', { with: { type: 'json' } }).then((module) => {
    loaded = modelFromWeights(module.default as unknown as SentimentWeights);
    return loaded;
  });
  return loading;
}

/** The shipped models, once loadShippedModel has settled (sentimentEngineReady). */
export function shippedModel(): SentimentModel {
  if (!loaded) throw new Error('The sentiment model is not loaded yet: await sentimentEngineReady() first');
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

export type Probabilities = {
  /** probability that the text is positive, were it to take a side */
  positive: number;
  /** probability that the text takes a side at all */
  opinion: number;
};

const sameOptions = (a: FeatureOptions, b: FeatureOptions) =>
  a.hashBits === b.hashBits && a.bigrams === b.bigrams && a.charGrams.join() === b.charGrams.join();

/** Both models' probabilities for one text; the hashed features are shared when the options agree. */
export function probabilities(model: Reading, tokens: Token[], rules: RuleAnalysis): Probabilities {
  const { polarity, opinion } = model;
  const sparse = sparseFeatures(tokens, polarity.options);
  const opinionSparse = sameOptions(polarity.options, opinion.options)
    ? sparse
    : sparseFeatures(tokens, opinion.options);
  return {
    positive: sigmoid(logit(polarity, sparse, denseFeatures(rules)) / polarity.temperature),
    opinion: sigmoid(logit(opinion, opinionSparse, opinionFeatures(tokens, rules)) / opinion.temperature),
  };
}
