/**
 * Tone consistency across the site's pages: readability, formality, sentiment spread and shared
 * vocabulary. Each compares pages with each other, so it needs at least two pages with enough text.
 */
import { type CheckMeta, countOf, makeCheck, partOf, round, verbForPart } from '../scoring/check-result.ts';
import type { CheckResult, Evidence } from '../types.ts';
import type { HtmlPage } from './pages.ts';
import { contentWordCounts, jaccard, mainText, median, type TextStats, textStats, topWords } from './text.ts';

/** Pages with fewer words say too little to judge their tone. */
export const MIN_WORDS = 50;
/** Flesch reading ease below this is 'very difficult' (university level). */
export const READING_EASE_FLOOR = 30;
/** Largest accepted gap between the easiest and the hardest page. */
export const READING_EASE_MAX_SPREAD = 30;
/** A page whose informality (per 100 words) is further than this from the site's median stands out. */
export const INFORMALITY_MAX_DEVIATION = 5;
/** Largest accepted gap in net sentiment words per 100 words between pages. */
export const SENTIMENT_MAX_SPREAD = 5;
/** Each page's most frequent content words compared between pages. */
export const VOCABULARY_TOP_WORDS = 40;
/** A page sharing less than this share of the site's average overlap stands out. */
export const VOCABULARY_OUTLIER_RATIO = 0.5;
/** Below this average overlap the pages share almost no vocabulary at all. */
export const VOCABULARY_MIN_AVERAGE = 0.03;

export type PageTone = { url: string; text: string; stats: TextStats; vocabulary: Set<string> };

const tone = (id: string, title: string): CheckMeta => ({
  id: `tone.${id}`,
  area: 'website',
  group: 'toneConsistency',
  title,
});

export function pageTone(url: string, text: string): PageTone {
  return { url, text, stats: textStats(text), vocabulary: topWords(contentWordCounts(text), VOCABULARY_TOP_WORDS) };
}

/** The pages with at least MIN_WORDS words of main text. */
export function pageTones(pages: HtmlPage[]): PageTone[] {
  return pages.map(({ url, $ }) => pageTone(url, mainText($))).filter((page) => page.stats.words >= MIN_WORDS);
}

const fmt = (value: number) => round(value, 1);

function readability(tones: PageTone[]): CheckResult {
  const meta = tone('readability', 'Pages read at a similar, comfortable level');
  const scores = tones.map((page) => page.stats.readingEase);
  const min = Math.min(...scores);
  const max = Math.max(...scores);
  const hard = tones.filter((page) => page.stats.readingEase < READING_EASE_FLOOR);
  const spread = max - min;
  const evidence: Evidence[] = tones
    .map((page) => ({
      url: page.url,
      value: fmt(page.stats.readingEase),
      note: `Flesch reading ease; ${countOf(page.stats.words, 'word')}, ${countOf(page.stats.sentences, 'sentence')}`,
    }))
    .sort((a, b) => (a.value as number) - (b.value as number));
  const range = `${fmt(min)} to ${fmt(max)}`;
  if (hard.length > 0) {
    return makeCheck(
      meta,
      'fail',
      `${partOf(hard.length, tones.length, 'page')} ${verbForPart(hard.length, tones.length, 'scores', 'score')} below ${READING_EASE_FLOOR} for reading ease (very hard to read); the range is ${range}`,
      evidence.filter((item) => hard.some((page) => page.url === item.url)),
    );
  }
  if (spread > READING_EASE_MAX_SPREAD) {
    return makeCheck(
      meta,
      'fail',
      `Reading ease varies by ${countOf(fmt(spread), 'point')} between pages (${range})`,
      evidence.filter((item) => item.value === fmt(min) || item.value === fmt(max)),
    );
  }
  return makeCheck(meta, 'pass', `Reading ease ranges from ${range} across ${countOf(tones.length, 'page')}`, evidence);
}

function formality(tones: PageTone[]): CheckResult {
  const meta = tone('formality', 'Pages use a consistent level of formality');
  const middle = median(tones.map((page) => page.stats.informality));
  const evidence = (page: PageTone): Evidence => ({
    url: page.url,
    value: fmt(page.stats.informality),
    note: `informal markers per 100 words (${countOf(page.stats.contractions, 'contraction')}, ${countOf(page.stats.exclamations, 'exclamation')}, ${countOf(page.stats.secondPerson, '"you" word')})`,
  });
  const outliers = tones.filter((page) => Math.abs(page.stats.informality - middle) > INFORMALITY_MAX_DEVIATION);
  if (outliers.length > 0) {
    return makeCheck(
      meta,
      'fail',
      `${partOf(outliers.length, tones.length, 'page')} ${verbForPart(outliers.length, tones.length, 'differs', 'differ')} from the site's usual formality (median ${countOf(fmt(middle), 'informal marker')} per 100 words) by more than ${INFORMALITY_MAX_DEVIATION}`,
      // only the pages that stand out: a passing page listed here would read as a failure
      outliers.map(evidence),
    );
  }
  return makeCheck(
    meta,
    'pass',
    `All ${countOf(tones.length, 'page')} are within ${INFORMALITY_MAX_DEVIATION} informal markers per 100 words of the median (${fmt(middle)})`,
    tones.map(evidence),
  );
}

function sentimentSpread(tones: PageTone[]): CheckResult {
  const meta = tone('sentiment-spread', 'Pages carry a similar sentiment');
  const values = tones.map((page) => page.stats.sentiment);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const evidence = tones
    .map(
      (page): Evidence => ({
        url: page.url,
        value: fmt(page.stats.sentiment),
        note: `net sentiment words per 100 words (${page.stats.positive} positive, ${page.stats.negative} negative)`,
      }),
    )
    .sort((a, b) => (a.value as number) - (b.value as number));
  const spread = max - min;
  if (spread > SENTIMENT_MAX_SPREAD) {
    return makeCheck(
      meta,
      'fail',
      `Net sentiment varies by ${countOf(fmt(spread), 'word')} per 100 between pages (${fmt(min)} to ${fmt(max)})`,
      // the two ends of the spread: the pages between them are within it
      evidence.filter((item) => item.value === fmt(min) || item.value === fmt(max)),
    );
  }
  return makeCheck(
    meta,
    'pass',
    `Net sentiment stays within ${countOf(fmt(spread), 'word')} per 100 across ${countOf(tones.length, 'page')} (${fmt(min)} to ${fmt(max)})`,
    evidence,
  );
}

/** Each page's mean overlap (Jaccard of top content words) with every other page. */
export function vocabularyOverlap(tones: PageTone[]): { url: string; overlap: number }[] {
  return tones.map((page) => {
    const others = tones.filter((other) => other !== page);
    const total = others.reduce((sum, other) => sum + jaccard(page.vocabulary, other.vocabulary), 0);
    return { url: page.url, overlap: others.length ? total / others.length : 0 };
  });
}

function vocabulary(tones: PageTone[]): CheckResult {
  const meta = tone('vocabulary-overlap', 'Pages share a common vocabulary');
  const overlaps = vocabularyOverlap(tones);
  const average = overlaps.reduce((sum, page) => sum + page.overlap, 0) / overlaps.length;
  const evidence = overlaps
    .map(
      (page): Evidence => ({
        url: page.url,
        value: round(page.overlap, 3),
        note: 'mean Jaccard overlap with the other pages',
      }),
    )
    .sort((a, b) => (a.value as number) - (b.value as number));
  const pct = (value: number) => `${Math.round(value * 100)}%`;
  if (average < VOCABULARY_MIN_AVERAGE) {
    return makeCheck(
      meta,
      'fail',
      `Pages share almost no vocabulary: ${pct(average)} average overlap of their ${VOCABULARY_TOP_WORDS} most used words`,
      evidence,
    );
  }
  const outliers = overlaps.filter((page) => page.overlap < average * VOCABULARY_OUTLIER_RATIO);
  if (outliers.length > 0) {
    return makeCheck(
      meta,
      'fail',
      `${partOf(outliers.length, tones.length, 'page')} ${verbForPart(outliers.length, tones.length, 'shares', 'share')} less than half the site's average vocabulary overlap (${pct(average)})`,
      // only the pages that stand out: a passing page listed here would read as a failure
      evidence.filter((item) => outliers.some((page) => page.url === item.url)),
    );
  }
  return makeCheck(
    meta,
    'pass',
    `All ${countOf(tones.length, 'page')} share vocabulary with the rest of the site (average overlap ${pct(average)} of their most used words)`,
    evidence,
  );
}

export function runToneChecks(pages: HtmlPage[]): CheckResult[] {
  const tones = pageTones(pages);
  if (tones.length < 2) {
    const summary = `${tones.length === 1 ? 'Only 1 page has' : 'No page has'} ${MIN_WORDS} or more words of text; tone is compared across at least 2 pages`;
    return [
      tone('readability', 'Pages read at a similar, comfortable level'),
      tone('formality', 'Pages use a consistent level of formality'),
      tone('sentiment-spread', 'Pages carry a similar sentiment'),
      tone('vocabulary-overlap', 'Pages share a common vocabulary'),
    ].map((meta) => makeCheck(meta, 'not_applicable', summary));
  }
  return [readability(tones), formality(tones), sentimentSpread(tones), vocabulary(tones)];
}
