/**
 * The sentiment engine on the held-back test splits of tests/fixtures/sentiment (never used for
 * training or choosing settings): binary accuracy, macro-F1 and confusion matrix on the review
 * sentences for the engine, the lexicon with rules, and the plain lexicon; three-class figures on
 * the held-back three-class texts; then texts per second on one core.
 */

import {
  evaluate,
  evaluateThreeClass,
  formatEvaluation,
  formatThreeClass,
  lexiconOnlyLabel,
  rulesOnlyLabel,
} from '../src/server/analysis/sentiment/evaluate.ts';
import { analyseSentiment, analyseSentimentBatch } from '../src/server/analysis/sentiment/index.ts';
import {
  loadSplit,
  loadThreeClassSplit,
  SENTIMENT_SOURCES,
  THREE_CLASS_SOURCES,
} from '../tests/helpers/sentiment-data.ts';

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

  const heldBack = loadThreeClassSplit('test');
  console.log(`\nSentiment engine on the held-back three-class split (${heldBack.length} texts)`);
  console.log(
    formatThreeClass(
      'engine',
      evaluateThreeClass(heldBack, (text) => analyseSentiment(text).label),
    ),
  );
  for (const source of THREE_CLASS_SOURCES) {
    const rows = heldBack.filter((row) => row.source === source);
    const right = rows.filter((row) => analyseSentiment(row.text).label === row.label).length;
    console.log(`  engine on ${source}: ${right} of ${rows.length}`);
  }

  const texts = Array.from({ length: SPEED_TEXTS }, (_, i) => test[i % test.length]?.text ?? '');
  analyseSentimentBatch(texts.slice(0, 500));
  const started = performance.now();
  const cpu = process.cpuUsage();
  analyseSentimentBatch(texts);
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  // CPU time as well as wall time: on a shared machine the wall clock also counts others' work
  const cpuSeconds = (used.user + used.system) / 1e6;
  console.log(
    `  speed: ${Math.round(SPEED_TEXTS / seconds)} texts per second on one core, ${Math.round(SPEED_TEXTS / cpuSeconds)} per CPU second (${SPEED_TEXTS} texts, full result)`,
  );
}
