/**
 * The local engine's reading of a report: template sentences over its figures. Each sentence
 * states only figures the report holds, and says so when something was not measured.
 */
import type { TSeries, TTermCount } from '../../../shared/schemas/sentiment-reports.ts';
import { REPORT_TIME_ZONE } from './calendar.ts';
import { TREND_MIN_CHANGE } from './figures.ts';
import type { ReportFigures } from './report-types.ts';
import { BASELINE_DAYS } from './spikes.ts';

export type WordingContext = {
  brandName: string;
  /** 'in the last 30 days', 'since 3 January 2026' */
  span: string;
  /** 'the previous 30 days'; unused when the figures compare with nothing */
  previousSpan: string;
};

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: REPORT_TIME_ZONE,
});
const hourFormat = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  day: 'numeric',
  month: 'long',
  timeZone: REPORT_TIME_ZONE,
});

export const score = (value: number) => value.toFixed(1);
const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;

/** '12 March 2026' for a YYYY-MM-DD day. */
export function formatDayKey(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return dayFormat.format(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1, 12)));
}

function trendSentence(figures: ReportFigures, previousSpan: string): string | null {
  const { previous } = figures;
  if (!previous) return null;
  if (previous.mentions === 0 || previous.overallSentiment === null) {
    return `There were no mentions in ${previousSpan} to compare with, so no trend is given.`;
  }
  const before = `${score(previous.overallSentiment)} out of 5 over ${plural(previous.mentions, 'mention')} in ${previousSpan}`;
  if (figures.trendDirection === 'improving') return `Sentiment is improving: up from ${before}.`;
  if (figures.trendDirection === 'declining') return `Sentiment is declining: down from ${before}.`;
  if (figures.totalMentions < 5 || previous.mentions < 5) {
    return `There are too few mentions to call a trend against ${before}.`;
  }
  return `Sentiment is steady: ${before}, a change of less than ${TREND_MIN_CHANGE}.`;
}

function topicSentences(topics: TTermCount[]): string[] {
  const top = topics[0];
  if (!top) return [];
  const sentences = [
    `The most mentioned topic was "${top.term}" (${plural(top.mentions, 'mention')}: ${top.positive} positive, ${top.negative} negative).`,
  ];
  const complaint = [...topics]
    .filter((topic) => topic.negative >= 2 && topic.negative * 2 >= topic.mentions)
    .sort((a, b) => b.negative - a.negative || b.mentions - a.mentions)[0];
  if (complaint && complaint.term !== top.term) {
    const share =
      complaint.negative === complaint.mentions
        ? `all ${plural(complaint.mentions, 'mention')} of it were negative`
        : `${complaint.negative} of its ${plural(complaint.mentions, 'mention')} were negative`;
    sentences.push(`Most complaints were about "${complaint.term}": ${share}.`);
  } else if (complaint) {
    sentences.push(`It also drew the most complaints.`);
  }
  return sentences;
}

function peakSentence(series: TSeries): string | null {
  const withMentions = series.points.filter((point) => point.mentions > 0);
  if (withMentions.length < 2 || (series.bucket !== 'day' && series.bucket !== 'hour')) return null;
  const [peak, runnerUp] = [...withMentions].sort((a, b) => b.mentions - a.mentions);
  // a tie has no peak to name
  if (!peak || !runnerUp || peak.mentions === runnerUp.mentions) return null;
  const when =
    series.bucket === 'hour'
      ? `in the hour from ${hourFormat.format(new Date(peak.start))}`
      : `on ${dayFormat.format(new Date(peak.start))}`;
  return `Mentions peaked ${when}, with ${peak.mentions}.`;
}

function baselineSpan(days: number): string {
  return days >= BASELINE_DAYS
    ? `over the ${BASELINE_DAYS} days before it`
    : `over the ${days} days with mentions in the ${BASELINE_DAYS} days before it`;
}

/** A few plain sentences from the figures; the first always gives the headline numbers. */
export function localReportWording(figures: ReportFigures, context: WordingContext): string[] {
  const { brandName, span, previousSpan } = context;
  if (figures.totalMentions === 0 || figures.overallSentiment === null) {
    const sentences = [`There were no mentions of ${brandName} ${span}, so there is no sentiment to report for it.`];
    const previous = figures.previous;
    if (previous && previous.mentions > 0 && previous.overallSentiment !== null) {
      sentences.push(
        `${previousSpan[0]?.toUpperCase()}${previousSpan.slice(1)} had ${plural(previous.mentions, 'mention')}, averaging ${score(previous.overallSentiment)} out of 5.`,
      );
    }
    return sentences;
  }
  const sentences = [
    `${brandName} had ${plural(figures.totalMentions, 'mention')} ${span}, with an average sentiment of ${score(figures.overallSentiment)} out of 5: ${figures.positivePercentage}% positive, ${figures.neutralPercentage}% neutral and ${figures.negativePercentage}% negative.`,
  ];
  const trend = trendSentence(figures, previousSpan);
  if (trend) sentences.push(trend);
  sentences.push(...topicSentences(figures.topTopics));
  const spike = figures.spikeAlert;
  if (spike) {
    sentences.push(
      `On ${formatDayKey(spike.day)}, ${spike.negativeShare}% of ${plural(spike.mentions, 'mention')} were negative, against an average of ${spike.baselineShare}% ${baselineSpan(spike.baselineDays)}: a spike worth looking into.`,
    );
  }
  const peak = peakSentence(figures.series);
  if (peak) sentences.push(peak);
  return sentences;
}
