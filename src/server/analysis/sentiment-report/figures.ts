import type { TTrendDirection } from '../../../shared/schemas/sentiment-reports.ts';

/** Mentions needed in each of the two periods before a trend is called. */
export const TREND_MIN_MENTIONS = 5;
/** Change of the mean score (out of 5) that counts as improving or declining. */
export const TREND_MIN_CHANGE = 0.2;

export const TREND_RULE =
  `The trend compares the mean sentiment score (out of 5) with the previous period of the same length: ` +
  `improving or declining when it moved by at least ${TREND_MIN_CHANGE} and both periods have at least ` +
  `${TREND_MIN_MENTIONS} mentions; neutral otherwise, including when the previous period has too few.`;

/** Topics and keywords a report lists. */
export const TOP_TERMS = 10;

export type Tally = { mentions: number; scoreSum: number };

export const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** Mean score out of 5 to one decimal; null when nothing was counted (not measured, never 0). */
export function meanScore(tally: Tally): number | null {
  return tally.mentions === 0 ? null : oneDecimal(tally.scoreSum / tally.mentions);
}

/**
 * Whole percentages that add up to exactly 100 (largest remainder): each share is rounded down,
 * then the points left go to the largest remainders, ties to the larger count, then the earlier
 * entry. All zeros when there is nothing to share.
 */
export function wholePercentages(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return counts.map(() => 0);
  const exact = counts.map((count) => (count * 100) / total);
  const result = exact.map(Math.floor);
  let left = 100 - result.reduce((sum, value) => sum + value, 0);
  const order = counts
    .map((count, index) => ({ index, count, remainder: (exact[index] ?? 0) - (result[index] ?? 0) }))
    .sort((a, b) => b.remainder - a.remainder || b.count - a.count || a.index - b.index);
  for (const entry of order) {
    if (left === 0) break;
    result[entry.index] = (result[entry.index] ?? 0) + 1;
    left -= 1;
  }
  return result;
}

/** See TREND_RULE. Means are compared unrounded. */
export function trendOf(current: Tally, previous: Tally): TTrendDirection {
  if (current.mentions < TREND_MIN_MENTIONS || previous.mentions < TREND_MIN_MENTIONS) return 'neutral';
  const change = current.scoreSum / current.mentions - previous.scoreSum / previous.mentions;
  // a hair's tolerance, so 3.6 - 3.4 (0.19999...) counts as the 0.2 it is
  if (change >= TREND_MIN_CHANGE - 1e-9) return 'improving';
  if (change <= -TREND_MIN_CHANGE + 1e-9) return 'declining';
  return 'neutral';
}
