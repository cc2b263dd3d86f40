import { describe, expect, it } from 'vitest';
import {
  bucketLabel,
  bucketTitle,
  dayKeyLabel,
  periodRange,
  sentimentBand,
  trendDetail,
} from './sentiment-report-format.ts';

const previous = (mentions: number, overallSentiment: number | null) => ({
  insights: { previous: { start: '', end: '', mentions, overallSentiment } },
});

describe('sentiment report formatting', () => {
  it('puts a score out of 5 in the bands of SPEC §9 scaled to 100', () => {
    expect([5, 4, 3.9, 3, 2.9, 1].map(sentimentBand)).toEqual(['good', 'good', 'middling', 'middling', 'poor', 'poor']);
  });

  it('labels chart steps in UK time, British style', () => {
    // 23:00 UTC on 10 June is midnight on 11 June in London (BST)
    expect(bucketLabel('2026-06-10T23:00:00.000Z', 'day')).toBe('11 Jun');
    expect(bucketLabel('2026-06-10T23:00:00.000Z', 'hour')).toBe('00:00');
    expect(bucketLabel('2026-03-09T00:00:00.000Z', 'week')).toBe('w/c 9 Mar');
    expect(bucketLabel('2026-03-01T00:00:00.000Z', 'month')).toBe('Mar 2026');
    expect(bucketTitle('2026-03-12T14:00:00.000Z', 'hour')).toBe('12 Mar, 14:00');
    expect(bucketTitle('2026-03-12T00:00:00.000Z', 'day')).toBe('12 Mar 2026');
    expect(dayKeyLabel('2026-03-09')).toBe('9 Mar 2026');
  });

  it('says what the trend compared, or that there was nothing to compare', () => {
    const report = { reportPeriod: 'monthly' as const, trendDirection: 'improving' as const };
    expect(trendDetail({ ...report, ...previous(120, 3.4) } as never)).toBe(
      'From 3.4 over 120 mentions in the previous 30 days',
    );
    expect(trendDetail({ ...report, trendDirection: 'neutral', ...previous(1, 5) } as never)).toBe(
      'Against 5.0 over 1 mention in the previous 30 days',
    );
    expect(trendDetail({ ...report, ...previous(0, null) } as never)).toBe(
      'No mentions in the previous 30 days to compare with',
    );
  });

  it('gives a daily report its hours and longer ones their dates', () => {
    const span = { startDate: '2026-03-11T10:00:00.000Z', endDate: '2026-03-12T10:00:00.000Z' };
    expect(periodRange({ ...span, reportPeriod: 'daily' })).toBe('11 Mar, 10:00 to 12 Mar, 10:00');
    expect(periodRange({ ...span, reportPeriod: 'weekly' })).toBe('11 Mar 2026 to 12 Mar 2026');
  });
});
