/**
 * Measuring a sentiment classifier on labelled positive/negative texts, as the held-out product
 * measurement does: a neutral answer counts as wrong. Also the lexicon-only baseline the engine is
 * compared with.
 */
import type { SentimentLabel } from './decide.ts';
import { LEXICON } from './lexicon.ts';
import { analyseRules } from './rules.ts';
import { tokenise } from './tokenise.ts';

export type Polar = 'positive' | 'negative';
export type Confusion = Record<Polar, Record<SentimentLabel, number>>;
export type Evaluation = { total: number; accuracy: number; macroF1: number; confusion: Confusion };

export function evaluate(
  rows: { text: string; label: Polar }[],
  classify: (text: string) => SentimentLabel,
): Evaluation {
  const confusion: Confusion = {
    positive: { positive: 0, negative: 0, neutral: 0 },
    negative: { positive: 0, negative: 0, neutral: 0 },
  };
  for (const row of rows) confusion[row.label][classify(row.text)]++;
  const f1 = (label: Polar) => {
    const other: Polar = label === 'positive' ? 'negative' : 'positive';
    const truePositives = confusion[label][label];
    const predicted = truePositives + confusion[other][label];
    const actual = confusion[label].positive + confusion[label].negative + confusion[label].neutral;
    const precision = predicted === 0 ? 0 : truePositives / predicted;
    const recall = actual === 0 ? 0 : truePositives / actual;
    return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  };
  const correct = confusion.positive.positive + confusion.negative.negative;
  return {
    total: rows.length,
    accuracy: rows.length === 0 ? 0 : correct / rows.length,
    macroF1: (f1('positive') + f1('negative')) / 2,
    confusion,
  };
}

const bySign = (value: number): SentimentLabel => (value > 0 ? 'positive' : value < 0 ? 'negative' : 'neutral');

/** Baseline: the sum of the lexicon's word valences, no negation, contrast or degree (AFINN-style). */
export function lexiconOnlyLabel(text: string): SentimentLabel {
  let sum = 0;
  for (const token of tokenise(text)) sum += LEXICON.get(token.norm)?.valence ?? 0;
  return bySign(sum);
}

/** Lexicon with the rules (negation, contrast, degree, emphasis, emoji), no trained model. */
export function rulesOnlyLabel(text: string): SentimentLabel {
  return bySign(analyseRules(tokenise(text)).compound);
}

export function formatEvaluation(name: string, result: Evaluation): string {
  const { confusion } = result;
  const row = (label: Polar) =>
    `    ${label.padEnd(8)} ${String(confusion[label].positive).padStart(8)} ${String(confusion[label].negative).padStart(8)} ${String(confusion[label].neutral).padStart(8)}`;
  return [
    `  ${name}: accuracy ${(result.accuracy * 100).toFixed(1)} %, macro-F1 ${result.macroF1.toFixed(3)} (n = ${result.total}, neutral counts as wrong)`,
    `    true \\ predicted  positive negative  neutral`,
    row('positive'),
    row('negative'),
  ].join('\n');
}

const LABELS: SentimentLabel[] = ['positive', 'neutral', 'negative'];

export type ClassFigures = { precision: number; recall: number; f1: number; support: number };
export type ThreeClassEvaluation = {
  total: number;
  accuracy: number;
  /** mean of the three classes' F1 */
  macroF1: number;
  perClass: Record<SentimentLabel, ClassFigures>;
  /** rows true label, columns predicted */
  confusion: Record<SentimentLabel, Record<SentimentLabel, number>>;
};

/** Three-class measurement on texts labelled positive, neutral or negative: neutral is a class. */
export function evaluateThreeClass(
  rows: { text: string; label: SentimentLabel }[],
  classify: (text: string) => SentimentLabel,
): ThreeClassEvaluation {
  const empty = () => ({ positive: 0, neutral: 0, negative: 0 });
  const confusion = { positive: empty(), neutral: empty(), negative: empty() };
  for (const row of rows) confusion[row.label][classify(row.text)]++;
  const figures = (label: SentimentLabel): ClassFigures => {
    const hits = confusion[label][label];
    const predicted = LABELS.reduce((sum, truth) => sum + confusion[truth][label], 0);
    const support = LABELS.reduce((sum, guess) => sum + confusion[label][guess], 0);
    const precision = predicted === 0 ? 0 : hits / predicted;
    const recall = support === 0 ? 0 : hits / support;
    const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
    return { precision, recall, f1, support };
  };
  const perClass = { positive: figures('positive'), neutral: figures('neutral'), negative: figures('negative') };
  const correct = LABELS.reduce((sum, label) => sum + confusion[label][label], 0);
  return {
    total: rows.length,
    accuracy: rows.length === 0 ? 0 : correct / rows.length,
    macroF1: LABELS.reduce((sum, label) => sum + perClass[label].f1, 0) / LABELS.length,
    perClass,
    confusion,
  };
}

export function formatThreeClass(name: string, result: ThreeClassEvaluation): string {
  const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
  const row = (label: SentimentLabel) =>
    `    ${label.padEnd(8)} ${LABELS.map((guess) => String(result.confusion[label][guess]).padStart(8)).join(' ')}` +
    `   precision ${percent(result.perClass[label].precision)}, recall ${percent(result.perClass[label].recall)}`;
  return [
    `  ${name}: accuracy ${percent(result.accuracy)}, macro-F1 ${result.macroF1.toFixed(3)} (n = ${result.total}, three classes)`,
    `    true \\ predicted  positive  neutral negative`,
    ...LABELS.map(row),
  ].join('\n');
}
