/**
 * The training pool of scripts/train-sentiment.ts and its cross-validation: the train and dev
 * splits of the review sentences and of the three-class texts, in five folds fixed by each text's
 * hash. Every candidate setting is judged on out-of-fold answers (each text answered by models that
 * never saw it), so a choice rests on all 2,000-odd texts rather than on one small dev split. The
 * test splits are never read here.
 */
import type { SentimentLabel } from '../src/server/analysis/sentiment/decide.ts';
import { denseFeatures } from '../src/server/analysis/sentiment/features.ts';
import { type LinearModel, logit, sigmoid } from '../src/server/analysis/sentiment/model.ts';
import { opinionFeatures } from '../src/server/analysis/sentiment/opinion.ts';
import { analyseRules, type RuleAnalysis } from '../src/server/analysis/sentiment/rules.ts';
import { tokenise } from '../src/server/analysis/sentiment/tokenise.ts';
import {
  type DenseOf,
  encode,
  type TrainingExample,
  type TrainingSettings,
  trainLinear,
} from '../src/server/analysis/sentiment/train.ts';
import { fnv1a, loadSplit, loadThreeClassSplit } from '../tests/helpers/sentiment-data.ts';
import { loadSocialPosts } from '../tests/helpers/social-sentiment-data.ts';

export const FOLDS = 5;

/**
 * `plain` marks the plain complaints and praise, and the neutral texts, written for this engine;
 * `social` the labelled social posts (their train part).
 */
export type PoolRow = {
  text: string;
  label: SentimentLabel;
  kind: 'review' | 'plain' | 'social';
  fold: number;
  rules: RuleAnalysis;
};
/**
 * Settings of either model; `plainWeight` scales the plain complaints and praise against the
 * reviews, `socialWeight` the social posts.
 */
export type Settings = TrainingSettings & { plainWeight: number; socialWeight: number };

/** The pool: the review sentences and three-class texts, and the social posts' train part. */
export function loadPool(socialDirectory: string): PoolRow[] {
  const social = loadSocialPosts(socialDirectory)
    .filter((post) => post.split === 'train')
    .map((post) => ({ text: post.text, label: post.label, kind: 'social' as const }));
  const rows = [
    ...social,
    ...[...loadSplit('train'), ...loadSplit('dev')].map((row) => ({ ...row, kind: 'review' as const })),
    ...[...loadThreeClassSplit('train'), ...loadThreeClassSplit('dev')].map((row) => ({
      ...row,
      kind: 'plain' as const,
    })),
  ];
  return rows.map((row) => ({
    text: row.text,
    label: row.label,
    kind: row.kind,
    fold: fnv1a(`fold ${row.text}`) % FOLDS,
    rules: analyseRules(tokenise(row.text)),
  }));
}

const isPolar = (row: PoolRow) => row.label !== 'neutral';
const weightOf = (row: PoolRow, settings: Settings) =>
  row.kind === 'plain' ? settings.plainWeight : row.kind === 'social' ? settings.socialWeight : 1;

/** With `plainWeight` 0 the polarity model learns from the review sentences alone. */
export function trainPolarity(rows: PoolRow[], settings: Settings): LinearModel {
  const used = rows.filter((row) => weightOf(row, settings) > 0);
  const examples: TrainingExample[] = used.filter(isPolar).map((row) => ({
    text: row.text,
    positive: row.label === 'positive',
    weight: weightOf(row, settings),
  }));
  return trainLinear(examples, settings);
}

/** Opinionated texts are the positive class; neutral ones are weighted so both classes count equally. */
export function trainOpinion(rows: PoolRow[], settings: Settings): LinearModel {
  const used = rows.filter((row) => weightOf(row, settings) > 0);
  const opinionated: TrainingExample[] = used.filter(isPolar).map((row) => ({
    text: row.text,
    positive: true,
    weight: weightOf(row, settings),
  }));
  const neutral = used.filter((row) => !isPolar(row));
  const neutralWeight = neutral.reduce((sum, row) => sum + weightOf(row, settings), 0);
  const balance = opinionated.reduce((sum, example) => sum + (example.weight ?? 1), 0) / Math.max(1e-9, neutralWeight);
  return trainLinear(
    [
      ...opinionated,
      ...neutral.map((row) => ({ text: row.text, positive: false, weight: weightOf(row, settings) * balance })),
    ],
    settings,
    opinionFeatures,
  );
}

const polarityDense: DenseOf = (_tokens, rules) => denseFeatures(rules);

/**
 * Out-of-fold logits of every row: each fold answered by a model trained on the other four.
 * `dense` must be the dense features the model was trained with.
 */
export function outOfFold(
  pool: PoolRow[],
  train: (rows: PoolRow[]) => LinearModel,
  dense: 'polarity' | 'opinion',
): number[] {
  const logits = new Array<number>(pool.length).fill(0);
  for (let fold = 0; fold < FOLDS; fold++) {
    const model = train(pool.filter((row) => row.fold !== fold));
    const held = pool.map((row, index) => ({ row, index })).filter(({ row }) => row.fold === fold);
    const encoded = encode(
      held.map(({ row }) => ({ text: row.text, positive: false })),
      model.options,
      dense === 'polarity' ? polarityDense : opinionFeatures,
    );
    encoded.forEach((features, i) => {
      const index = held[i]?.index ?? 0;
      logits[index] = logit(model, features.sparse, features.dense);
    });
  }
  return logits;
}

export const probability = (value: number, temperature = 1) => sigmoid(value / temperature);
