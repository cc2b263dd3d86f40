import { describe, expect, it } from 'vitest';
import type { TInsightSource, TSentimentLabel } from '../../../shared/schemas/insights.ts';
import type { TTermCount } from '../../../shared/schemas/sentiment-reports.ts';
import { createCalendar } from './calendar.ts';
import { wholePercentages } from './figures.ts';
import {
  analyseInsights as analyseInput,
  loadFrom,
  localReportWording,
  overviewWindow,
  type ReportWindow,
  reportWindow,
} from './index.ts';

const NOW = new Date('2026-03-12T10:00:00Z');
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const scores: Record<TSentimentLabel, number> = { positive: 5, neutral: 3, negative: 1 };

type Row = { collectedAt: Date; sentiment: TSentimentLabel; sentimentScore: number; source: TInsightSource };

/** Each insight as a cell of one mention, as the database would count it. */
function analyseInsights(
  rows: Row[],
  window: ReportWindow,
  calendar = createCalendar(),
  terms: { topTopics?: TTermCount[]; topKeywords?: TTermCount[] } = {},
) {
  const cells = rows.map((r) => ({
    at: r.collectedAt,
    sentiment: r.sentiment,
    source: r.source,
    mentions: 1,
    scoreSum: r.sentimentScore,
  }));
  return analyseInput(
    { cells, topTopics: terms.topTopics ?? [], topKeywords: terms.topKeywords ?? [] },
    window,
    calendar,
  );
}

function row(at: Date | string, sentiment: TSentimentLabel, extra: Partial<Row> = {}): Row {
  return {
    collectedAt: typeof at === 'string' ? new Date(at) : at,
    sentiment,
    sentimentScore: scores[sentiment],
    source: 'feedback',
    ...extra,
  };
}

/** `count` rows at the same instant, `negative` of them negative and the rest positive. */
function day(at: number, count: number, negative: number): Row[] {
  return Array.from({ length: count }, (_, i) => row(new Date(at), i < negative ? 'negative' : 'positive'));
}

describe('wholePercentages', () => {
  it('rounds by largest remainder so the parts add up to exactly 100', () => {
    expect(wholePercentages([1, 1, 1])).toEqual([34, 33, 33]);
    expect(wholePercentages([2, 1, 0])).toEqual([67, 33, 0]);
    expect(wholePercentages([1, 2, 3])).toEqual([17, 33, 50]);
    expect(wholePercentages([7, 0, 0])).toEqual([100, 0, 0]);
    expect(wholePercentages([0, 0, 0])).toEqual([0, 0, 0]);
  });

  it('adds up to 100 for every split of up to 40 mentions', () => {
    for (let a = 0; a <= 40; a += 1) {
      for (let b = 0; a + b <= 40; b += 1) {
        for (const c of [0, 1, 3, 17]) {
          if (a + b + c === 0) continue;
          const parts = wholePercentages([a, b, c]);
          expect(
            parts.reduce((sum, part) => sum + part, 0),
            `${a}/${b}/${c}`,
          ).toBe(100);
          parts.forEach((part, i) => {
            expect(Math.abs(part - ([a, b, c][i]! * 100) / (a + b + c))).toBeLessThan(1);
          });
        }
      }
    }
  });
});

describe('report windows', () => {
  it('honours the period: rolling 24 hours, 7 days and 30 days ending now', () => {
    expect(reportWindow('daily', NOW).start.toISOString()).toBe('2026-03-11T10:00:00.000Z');
    expect(reportWindow('weekly', NOW).start.toISOString()).toBe('2026-03-05T10:00:00.000Z');
    const monthly = reportWindow('monthly', NOW);
    expect(monthly.start.toISOString()).toBe('2026-02-10T10:00:00.000Z');
    expect(monthly.previousStart?.toISOString()).toBe('2026-01-11T10:00:00.000Z');
    expect(monthly.end).toBe(NOW);
  });

  it('reads back far enough for the previous period and the baseline of the first day checked', () => {
    const calendar = createCalendar();
    // the first day checked is 11 March (London); its baseline starts 28 days before
    expect(loadFrom(reportWindow('daily', NOW), calendar).toISOString()).toBe('2026-02-11T00:00:00.000Z');
    expect(loadFrom(reportWindow('monthly', NOW), calendar).toISOString()).toBe('2026-01-11T10:00:00.000Z');
  });
});

describe('analyseInsights', () => {
  const monthly = reportWindow('monthly', NOW);

  it('counts only the period, with the mean out of 5 to one decimal and percentages adding to 100', () => {
    const rows = [
      row('2026-03-01T09:00:00Z', 'positive'),
      row('2026-03-02T09:00:00Z', 'positive', { sentimentScore: 4 }),
      row('2026-03-03T09:00:00Z', 'neutral'),
      row('2026-03-04T09:00:00Z', 'negative', { sentimentScore: 2 }),
      row('2026-02-10T09:59:59Z', 'negative'), // just before the period
      row('2026-03-12T10:00:00Z', 'negative'), // at its end: excluded
      row('2026-03-20T10:00:00Z', 'negative'), // dated in the future
    ];
    const figures = analyseInsights(rows, monthly);
    expect(figures.totalMentions).toBe(4);
    expect(figures.overallSentiment).toBe(3.5);
    expect(figures.counts).toEqual({ positive: 2, neutral: 1, negative: 1 });
    expect([figures.positivePercentage, figures.neutralPercentage, figures.negativePercentage]).toEqual([50, 25, 25]);
    expect(figures.previous).toMatchObject({ mentions: 1, overallSentiment: 1 });
  });

  it('says the figures are not measured when the period has no mention', () => {
    const figures = analyseInsights([row('2026-01-20T09:00:00Z', 'positive')], monthly);
    expect(figures.totalMentions).toBe(0);
    expect(figures.overallSentiment).toBeNull();
    expect([figures.positivePercentage, figures.neutralPercentage, figures.negativePercentage]).toEqual([0, 0, 0]);
    expect(figures.series.points.every((point) => point.averageSentiment === null)).toBe(true);
  });

  describe('trend against the previous period of the same length', () => {
    const at = (iso: string, n: number, sentimentScore: number) =>
      Array.from({ length: n }, () => row(iso, sentimentScore >= 4 ? 'positive' : 'negative', { sentimentScore }));

    it('improves or declines on a change of at least 0.2 with 5 mentions each side', () => {
      const previous = at('2026-01-20T09:00:00Z', 5, 3);
      expect(analyseInsights([...previous, ...at('2026-03-01T09:00:00Z', 5, 4)], monthly).trendDirection).toBe(
        'improving',
      );
      expect(analyseInsights([...previous, ...at('2026-03-01T09:00:00Z', 5, 2)], monthly).trendDirection).toBe(
        'declining',
      );
      // 3.2 against 3.0: exactly the threshold
      const current = [...at('2026-03-01T09:00:00Z', 4, 3), ...at('2026-03-01T09:00:00Z', 1, 4)];
      expect(analyseInsights([...previous, ...current], monthly).trendDirection).toBe('improving');
    });

    it('is neutral for a smaller change, too few mentions, or an empty previous period', () => {
      const previous = at('2026-01-20T09:00:00Z', 10, 3);
      const small = [...at('2026-03-01T09:00:00Z', 9, 3), ...at('2026-03-01T09:00:00Z', 1, 4)]; // 3.1
      expect(analyseInsights([...previous, ...small], monthly).trendDirection).toBe('neutral');
      const few = at('2026-03-01T09:00:00Z', 4, 5);
      expect(analyseInsights([...previous, ...few], monthly).trendDirection).toBe('neutral');
      const none = analyseInsights(at('2026-03-01T09:00:00Z', 20, 5), monthly);
      expect(none.trendDirection).toBe('neutral');
      expect(none.previous).toMatchObject({ mentions: 0, overallSentiment: null });
    });
  });

  it('sums cells of several mentions, and counts mentions by source', () => {
    const at = new Date('2026-03-01T09:00:00Z');
    const figures = analyseInput(
      {
        cells: [
          { at, sentiment: 'positive', source: 'reviews', mentions: 3, scoreSum: 14 },
          { at, sentiment: 'negative', source: 'feedback', mentions: 1, scoreSum: 2 },
          { at, sentiment: 'negative', source: 'reviews', mentions: 0, scoreSum: 0 },
        ],
        topTopics: [],
        topKeywords: [],
      },
      monthly,
    );
    expect(figures).toMatchObject({ totalMentions: 4, overallSentiment: 4, positivePercentage: 75 });
    expect(figures.sources).toEqual([
      { source: 'reviews', mentions: 3 },
      { source: 'feedback', mentions: 1 },
    ]);
  });

  it('charts calendar days in London, with empty days as gaps and the counts adding up', () => {
    const weekly = reportWindow('weekly', NOW);
    const rows = [
      row('2026-03-05T12:00:00Z', 'positive'),
      row('2026-03-05T13:00:00Z', 'negative'),
      row('2026-03-08T23:30:00Z', 'neutral'),
      row('2026-03-12T09:59:00Z', 'positive'),
    ];
    const { series, totalMentions } = analyseInsights(rows, weekly);
    expect(series.bucket).toBe('day');
    expect(series.points.map((p) => p.start.slice(0, 10))).toEqual([
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
    ]);
    expect(series.points[0]).toMatchObject({ mentions: 2, averageSentiment: 3, negativeShare: 50 });
    expect(series.points[1]).toMatchObject({ mentions: 0, averageSentiment: null, negativeShare: null });
    expect(series.points.reduce((sum, p) => sum + p.mentions, 0)).toBe(totalMentions);
  });

  it('puts a mention late on a summer evening on its London day', () => {
    const now = new Date('2026-06-14T10:00:00Z');
    const { series } = analyseInsights([row('2026-06-10T23:30:00Z', 'positive')], reportWindow('weekly', now));
    const point = series.points.find((p) => p.mentions === 1);
    // 00:30 BST on 11 June, whose day starts at 23:00 UTC on 10 June
    expect(point?.start).toBe('2026-06-10T23:00:00.000Z');
  });

  it('charts the hours of a daily report, and days of 23 hours when the clocks go forward', () => {
    const daily = analyseInsights([row('2026-03-12T09:15:00Z', 'positive')], reportWindow('daily', NOW));
    expect(daily.series.bucket).toBe('hour');
    expect(daily.series.points).toHaveLength(24);
    expect(daily.series.points.at(-1)).toMatchObject({ start: '2026-03-12T09:00:00.000Z', mentions: 1 });

    const calendar = createCalendar();
    const clocksChange = Date.parse('2026-03-29T00:00:00Z');
    expect(calendar.nextBucket(clocksChange, 'day') - clocksChange).toBe(23 * HOUR);
    expect(calendar.dayKey(Date.parse('2026-03-29T23:30:00Z'))).toBe('2026-03-30');
  });

  it('groups an overview by day, week or month depending on its span', () => {
    expect(overviewWindow(new Date(NOW.getTime() - 60 * DAY), NOW).bucket).toBe('day');
    expect(overviewWindow(new Date(NOW.getTime() - 200 * DAY), NOW).bucket).toBe('week');
    expect(overviewWindow(new Date(NOW.getTime() - 900 * DAY), NOW).bucket).toBe('month');
    const weeks = analyseInsights(
      [row(new Date(NOW.getTime() - 200 * DAY), 'positive')],
      overviewWindow(new Date(NOW.getTime() - 200 * DAY), NOW),
    );
    // weeks start at midnight on Monday in London (23:00 UTC on Sunday in summer)
    const londonWeekday = new Intl.DateTimeFormat('en-GB', {
      weekday: 'long',
      hour: 'numeric',
      timeZone: 'Europe/London',
    });
    expect(londonWeekday.format(new Date(weeks.series.points[1]!.start))).toBe('Monday, 00');
    expect(weeks.series.points[1]!.start).toBe('2025-08-24T23:00:00.000Z');
    expect(weeks.trendDirection).toBe('neutral');
    expect(weeks.previous).toBeNull();
  });
});

describe('spike alert', () => {
  const calendar = createCalendar();
  const weekly = reportWindow('weekly', NOW);
  /** noon (UTC, GMT in winter) on the day `back` days before 12 March */
  const noon = (back: number) => Date.parse('2026-03-12T12:00:00Z') - back * DAY;
  /** 28 baseline days before 10 March, 10 mentions a day with 1 or 2 negative */
  const baseline = Array.from({ length: 28 }, (_, i) => day(noon(3 + i), 10, i % 2 === 0 ? 1 : 2)).flat();

  it('flags a day whose negative share is far above the 28 days before it', () => {
    const rows = [...baseline, ...day(noon(2), 10, 7)];
    const { spikeAlert } = analyseInsights(rows, weekly, calendar);
    expect(spikeAlert).toEqual({
      day: '2026-03-10',
      mentions: 10,
      negative: 7,
      negativeShare: 70,
      baselineShare: 15,
      baselineStdDev: 5,
      baselineDays: 28,
      otherSpikeDays: [],
    });
  });

  it('needs 5 mentions that day, 2 standard deviations and 20 points above, and a baseline of 7 days', () => {
    expect(analyseInsights([...baseline, ...day(noon(2), 4, 4)], weekly).spikeAlert).toBeNull();
    // 40 %: 25 points above the mean but inside 2 standard deviations of a noisy baseline
    const noisy = Array.from({ length: 28 }, (_, i) => day(noon(3 + i), 10, i % 2 === 0 ? 0 : 3)).flat();
    expect(analyseInsights([...noisy, ...day(noon(2), 10, 4)], weekly).spikeAlert).toBeNull();
    // 30 %: above 2 standard deviations of a steady baseline, but only 15 points
    expect(analyseInsights([...baseline, ...day(noon(2), 10, 3)], weekly).spikeAlert).toBeNull();
    const shortBaseline = Array.from({ length: 6 }, (_, i) => day(noon(3 + i), 10, 1)).flat();
    expect(analyseInsights([...shortBaseline, ...day(noon(2), 10, 9)], weekly).spikeAlert).toBeNull();
  });

  it('names the worst day and lists the others that met the rule', () => {
    const rows = [...baseline, ...day(noon(2), 10, 6), ...day(noon(1), 10, 9)];
    const { spikeAlert } = analyseInsights(rows, weekly);
    expect(spikeAlert?.day).toBe('2026-03-11');
    expect(spikeAlert?.otherSpikeDays).toEqual(['2026-03-10']);
  });
});

describe('localReportWording', () => {
  const context = { brandName: 'Acme Coffee', span: 'in the last 30 days', previousSpan: 'the previous 30 days' };

  it('states the headline figures, the trend, the topics, the spike and the peak', () => {
    const noonOn = (iso: string) => Date.parse(`${iso}T12:00:00Z`);
    const baseline = Array.from({ length: 28 }, (_, i) => day(noonOn('2026-02-05') + i * DAY, 10, 1)).flat();
    const rows = [...baseline, ...day(noonOn('2026-03-05'), 10, 8)];
    const topTopics = [
      { term: 'coffee', mentions: 207, positive: 207, negative: 0 },
      { term: 'delivery', mentions: 33, positive: 2, negative: 31 },
    ];
    const figures = analyseInsights(rows, reportWindow('monthly', NOW), createCalendar(), { topTopics });
    const text = localReportWording(figures, context).join(' ');
    expect(text).toContain(
      `Acme Coffee had ${figures.totalMentions} mentions in the last 30 days, with an average sentiment of ${figures.overallSentiment?.toFixed(1)} out of 5: ${figures.positivePercentage}% positive, ${figures.neutralPercentage}% neutral and ${figures.negativePercentage}% negative.`,
    );
    expect(text).toContain(
      'Sentiment is steady: 4.6 out of 5 over 50 mentions in the previous 30 days, a change of less than 0.2.',
    );
    expect(text).toContain('The most mentioned topic was "coffee"');
    expect(text).toContain('Most complaints were about "delivery"');
    expect(text).toContain('On 5 March 2026, 80% of 10 mentions were negative, against an average of 10%');
    // every day had 10 mentions: there is no peak to name
    expect(text).not.toContain('peaked');
    const peaked = analyseInsights(
      [...rows, ...day(noonOn('2026-03-04'), 3, 0)],
      reportWindow('monthly', NOW),
      createCalendar(),
      {
        topTopics,
      },
    );
    expect(localReportWording(peaked, context).join(' ')).toContain('Mentions peaked on 4 March 2026, with 13.');
  });

  it('says there is nothing to report for a period without mentions', () => {
    const figures = analyseInsights([row('2026-01-20T09:00:00Z', 'positive')], reportWindow('monthly', NOW));
    expect(localReportWording(figures, context)).toEqual([
      'There were no mentions of Acme Coffee in the last 30 days, so there is no sentiment to report for it.',
      'The previous 30 days had 1 mention, averaging 5.0 out of 5.',
    ]);
  });
});
