/**
 * The sentiment engine on the held-back test split of tests/fixtures/sentiment (never used for
 * training or choosing settings): accuracy, macro-F1 and confusion matrix for the engine, the
 * lexicon with rules, and the plain lexicon; then texts per second on one core.
 */

import {
  evaluate,
  formatEvaluation,
  lexiconOnlyLabel,
  rulesOnlyLabel,
} from '../src/server/analysis/sentiment/evaluate.ts';
import { analyseSentiment, analyseSentimentBatch } from '../src/server/analysis/sentiment/index.ts';
import { loadSplit, SENTIMENT_SOURCES } from '../tests/helpers/sentiment-data.ts';

const SPEED_TEXTS = 20_000;

export async function measureSentiment() {
  const test = loadSplit('test');
  console.log(`\nSentiment engine on the test split (${test.length} sentences)`);
  const engine = evaluate(test, (text) => analyseSentiment(text).label);
  console.log(formatEvaluation('engine (rules + trained model)', engine));
  console.log(formatEvaluation('lexicon with rules', evaluate(test, rulesOnlyLabel)));
  console.log(formatEvaluation('lexicon only', evaluate(test, lexiconOnlyLabel)));
  for (const source of SENTIMENT_SOURCES) {
    const rows = test.filter((row) => row.source === source);
    const result = evaluate(rows, (text) => analyseSentiment(text).label);
    console.log(`  engine on ${source}: ${(result.accuracy * 100).toFixed(1)} % of ${rows.length}`);
  }

  const texts = Array.from({ length: SPEED_TEXTS }, (_, i) => test[i % test.length]?.text ?? '');
  analyseSentimentBatch(texts.slice(0, 500));
  const started = performance.now();
  analyseSentimentBatch(texts);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `  speed: ${Math.round(SPEED_TEXTS / seconds)} texts per second on one core (${SPEED_TEXTS} texts, full result)`,
  );
}
