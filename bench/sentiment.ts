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
import {
  analyseSentiment,
  analyseSentimentBatch,
  sentimentEngineReady,
} from '../src/server/analysis/sentiment/index.ts';
import {
  loadSplit,
  loadThreeClassSplit,
  SENTIMENT_SOURCES,
  THREE_CLASS_SOURCES,
} from '../tests/helpers/sentiment-data.ts';
import { loadSocialPosts, SOCIAL_SETS, socialDataDirectory } from '../tests/helpers/social-sentiment-data.ts';

// the engine's weights load at first need
await sentimentEngineReady();

const SPEED_TEXTS = 20_000;

export async function measureSentiment() {
  const test = loadSplit('test');
  console.log(`\nSentiment engine on the test split (${test.length} sentences)`);
  // review sentences are read as reviews, as the product reads a review site's or import's
  const asReview = (text: string) => analyseSentiment(text, { genre: 'review' }).label;
  const engine = evaluate(test, asReview);
  console.log(formatEvaluation('engine (rules + trained model), read as reviews', engine));
  console.log(
    formatEvaluation(
      'engine, read as posts',
      evaluate(test, (text) => analyseSentiment(text).label),
    ),
  );
  console.log(formatEvaluation('lexicon with rules', evaluate(test, rulesOnlyLabel)));
  console.log(formatEvaluation('lexicon only', evaluate(test, lexiconOnlyLabel)));
  for (const source of SENTIMENT_SOURCES) {
    const rows = test.filter((row) => row.source === source);
    const result = evaluate(rows, asReview);
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

  measureSocialPosts();

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

/**
 * The held-back social posts (read as posts): macro-averaged recall, the social benchmarks' own
 * measure, per set. The posts live outside the repository (SOCIAL_SENTIMENT_DATA, decision 0032).
 */
function measureSocialPosts() {
  const directory = socialDataDirectory();
  if (!directory) {
    console.log('\nSocial posts: not measured (SOCIAL_SENTIMENT_DATA names no directory; decision 0032)');
    return;
  }
  const held = loadSocialPosts(directory).filter((post) => post.split === 'test');
  const measured = [
    { name: 'all held-back trained-on sets', rows: held.filter((post) => !setOf(post.set)?.checkOnly) },
    ...SOCIAL_SETS.map((set) => ({ name: set.name, rows: held.filter((post) => post.set === set.file) })),
  ];
  for (const { name, rows } of measured) {
    const result = evaluateThreeClass(rows, (text) => analyseSentiment(text).label);
    const recall =
      (result.perClass.positive.recall + result.perClass.neutral.recall + result.perClass.negative.recall) / 3;
    console.log(
      `\nSocial posts, ${name} (${rows.length} held back): macro-averaged recall ${(recall * 100).toFixed(1)}`,
    );
    console.log(formatThreeClass('engine', result));
  }
}

const setOf = (file: string) => SOCIAL_SETS.find((set) => set.file === file);
