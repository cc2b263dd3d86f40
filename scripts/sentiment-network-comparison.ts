/**
 * The comparison behind decision 0032's choice of model for posts (not a test, not the training):
 * a small network of the fastText kind (hashed word, bigram and character 4-gram embeddings,
 * averaged, then a softmax over the three labels) against the engine's linear reading for posts,
 * both trained on four folds of the pool and measured on the fifth, which neither saw. The held-back
 * test splits are not read. Run: SOCIAL_SENTIMENT_DATA=<directory> npx tsx scripts/sentiment-network-comparison.ts
 */
import type { SentimentLabel } from '../src/server/analysis/sentiment/decide.ts';
import { decide } from '../src/server/analysis/sentiment/decide.ts';
import { denseFeatures, type FeatureOptions, sparseFeatures } from '../src/server/analysis/sentiment/features.ts';
import { logit } from '../src/server/analysis/sentiment/model.ts';
import { opinionFeatures } from '../src/server/analysis/sentiment/opinion.ts';
import { tokenise } from '../src/server/analysis/sentiment/tokenise.ts';
import { mulberry32 } from '../src/server/analysis/sentiment/train.ts';
import { socialDataDirectory } from '../tests/helpers/social-sentiment-data.ts';
import { loadPool, type PoolRow, probability, type Settings, trainOpinion, trainPolarity } from './sentiment-folds.ts';

const LABELS: SentimentLabel[] = ['positive', 'neutral', 'negative'];
const FEATURES: FeatureOptions = { hashBits: 18, bigrams: true, charGrams: [4] };
const HELD_FOLD = 0;

type Network = { dim: number; embeddings: Float32Array; output: Float32Array; bias: Float32Array };

/** The averaged embeddings of a text's features. */
function hiddenOf(net: Network, features: number[]): Float32Array {
  const hidden = new Float32Array(net.dim);
  for (const index of features) {
    for (let d = 0; d < net.dim; d++) hidden[d] = (hidden[d] ?? 0) + (net.embeddings[index * net.dim + d] ?? 0);
  }
  for (let d = 0; d < net.dim; d++) hidden[d] = (hidden[d] ?? 0) / Math.max(1, features.length);
  return hidden;
}

function scoresOf(net: Network, hidden: Float32Array): Float32Array {
  const scores = new Float32Array(LABELS.length);
  for (let k = 0; k < LABELS.length; k++) {
    let sum = net.bias[k] ?? 0;
    for (let d = 0; d < net.dim; d++) sum += (net.output[k * net.dim + d] ?? 0) * (hidden[d] ?? 0);
    scores[k] = sum;
  }
  return scores;
}

const predict = (net: Network, features: number[]) => scoresOf(net, hiddenOf(net, features));

/** fastText's training: plain SGD on the softmax loss, the rate falling linearly to zero. */
function trainNetwork(rows: { features: number[]; label: number; weight: number }[], dim: number, epochs: number) {
  const next = mulberry32(11);
  const size = 1 << FEATURES.hashBits;
  const net: Network = {
    dim,
    embeddings: Float32Array.from({ length: size * dim }, () => (next() - 0.5) / dim),
    output: new Float32Array(LABELS.length * dim),
    bias: new Float32Array(LABELS.length),
  };
  const order = rows.map((_, i) => i);
  const total = epochs * rows.length;
  let step = 0;
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    for (const at of order) {
      const row = rows[at];
      if (!row || row.features.length === 0) continue;
      const rate = 0.5 * (1 - step++ / total);
      const hidden = hiddenOf(net, row.features);
      const scores = scoresOf(net, hidden);
      const top = Math.max(...scores);
      const exps = scores.map((score) => Math.exp(score - top));
      const sum = exps.reduce((a, b) => a + b, 0);
      const gradHidden = new Float32Array(dim);
      for (let k = 0; k < LABELS.length; k++) {
        const error = ((exps[k] ?? 0) / sum - (k === row.label ? 1 : 0)) * row.weight;
        for (let d = 0; d < dim; d++) {
          gradHidden[d] = (gradHidden[d] ?? 0) + error * (net.output[k * dim + d] ?? 0);
          net.output[k * dim + d] = (net.output[k * dim + d] ?? 0) - rate * error * (hidden[d] ?? 0);
        }
        net.bias[k] = (net.bias[k] ?? 0) - rate * error;
      }
      for (const index of row.features) {
        for (let d = 0; d < dim; d++) {
          net.embeddings[index * dim + d] =
            (net.embeddings[index * dim + d] ?? 0) - (rate * (gradHidden[d] ?? 0)) / row.features.length;
        }
      }
    }
  }
  return net;
}

function macroRecall(pairs: { truth: SentimentLabel; guess: SentimentLabel }[]) {
  const recalls = LABELS.map((label) => {
    const of = pairs.filter((pair) => pair.truth === label);
    return of.filter((pair) => pair.guess === label).length / Math.max(1, of.length);
  });
  return { macro: recalls.reduce((a, b) => a + b, 0) / LABELS.length, recalls };
}

const describe = (name: string, kind: string, pairs: { truth: SentimentLabel; guess: SentimentLabel }[]) => {
  const { macro, recalls } = macroRecall(pairs);
  const accuracy = pairs.filter((pair) => pair.truth === pair.guess).length / pairs.length;
  console.log(
    `  ${name.padEnd(52)} ${kind.padEnd(8)} macro recall ${(macro * 100).toFixed(1)} (${LABELS.map((label, i) => `${label} ${((recalls[i] ?? 0) * 100).toFixed(1)}`).join(', ')}), accuracy ${(accuracy * 100).toFixed(1)} % of ${pairs.length}`,
  );
};

const directory = socialDataDirectory();
if (!directory) throw new Error('SOCIAL_SENTIMENT_DATA must name the directory of labelled social posts');
const pool: PoolRow[] = loadPool(directory);
const train = pool.filter((row) => row.fold !== HELD_FOLD);
const held = pool.filter((row) => row.fold === HELD_FOLD && row.kind !== 'review');
console.log(
  `trained on ${train.length} texts, measured on ${held.length} (fold ${HELD_FOLD}: social posts and three-class texts)`,
);

// The linear reading for posts, with the settings and calibration the training chose.
const { default: shipped } = await import('../src/server/analysis/sentiment/sentiment-weights.json', {
  with: { type: 'json' },
});
const settingsOf = (text: string, key: 'polarity' | 'opinion') => {
  const match = new RegExp(`posts: .*${key} (\\{[^}]*\\})`).exec(text);
  if (!match?.[1]) throw new Error(`no ${key} settings in trainedOn`);
  return JSON.parse(match[1]) as Settings;
};
const polarity = trainPolarity(train, settingsOf(shipped.trainedOn, 'polarity'));
polarity.temperature = shipped.post.polarity.temperature;
const opinion = trainOpinion(train, settingsOf(shipped.trainedOn, 'opinion'));
const linearLabel = (row: PoolRow): SentimentLabel => {
  const tokens = tokenise(row.text);
  const p = {
    positive: probability(
      logit(polarity, sparseFeatures(tokens, polarity.options), denseFeatures(row.rules)),
      polarity.temperature,
    ),
    opinion: probability(logit(opinion, sparseFeatures(tokens, opinion.options), opinionFeatures(tokens, row.rules))),
  };
  return decide(p, row.rules, shipped.post.neutral).label;
};

const encoded = (row: PoolRow) => sparseFeatures(tokenise(row.text), FEATURES);
const counts = LABELS.map((label) => train.filter((row) => row.label === label).length);
/** Each label weighs alike, as macro recall counts them; each kind of text as the linear reading weighs it, or alike. */
const rowsWeighted = (byKind: Record<PoolRow['kind'], number>) =>
  train.map((row) => {
    const label = LABELS.indexOf(row.label);
    const weight = (train.length / LABELS.length / (counts[label] ?? 1)) * byKind[row.kind];
    return { features: encoded(row), label, weight };
  });
const ALIKE = { review: 1, plain: 1, social: 1 };
const AS_LINEAR = { review: 1, plain: 30, social: 0.3 };

for (const kind of ['social', 'plain'] as const) {
  const rows = held.filter((row) => row.kind === kind);
  describe(
    'linear, as shipped for posts',
    kind,
    rows.map((row) => ({ truth: row.label, guess: linearLabel(row) })),
  );
}
for (const { dim, epochs, byKind, weighed } of [
  { dim: 16, epochs: 5, byKind: ALIKE, weighed: 'texts alike' },
  { dim: 32, epochs: 5, byKind: ALIKE, weighed: 'texts alike' },
  { dim: 32, epochs: 5, byKind: AS_LINEAR, weighed: 'kinds as the linear' },
]) {
  const started = performance.now();
  const net = trainNetwork(rowsWeighted(byKind), dim, epochs);
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  for (const kind of ['social', 'plain'] as const) {
    const rows = held.filter((row) => row.kind === kind);
    const pairs = rows.map((row) => {
      const scores = predict(net, encoded(row));
      return { truth: row.label, guess: LABELS[scores.indexOf(Math.max(...scores))] ?? 'neutral' };
    });
    describe(`network, ${dim} dims, ${epochs} epochs, ${weighed} (${seconds} s)`, kind, pairs);
  }
}
