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

// moved to shared so every set of percentages shown together is rounded the same way
export { wholePercentages } from '../../../shared/percentages.ts';

/** See TREND_RULE. Means are compared unrounded. */
export function trendOf(current: Tally, previous: Tally): TTrendDirection {
  if (current.mentions < TREND_MIN_MENTIONS || previous.mentions < TREND_MIN_MENTIONS) return 'neutral';
  const change = current.scoreSum / current.mentions - previous.scoreSum / previous.mentions;
  // a hair's tolerance, so 3.6 - 3.4 (0.19999...) counts as the 0.2 it is
  if (change >= TREND_MIN_CHANGE - 1e-9) return 'improving';
  if (change <= -TREND_MIN_CHANGE + 1e-9) return 'declining';
  return 'neutral';
}
