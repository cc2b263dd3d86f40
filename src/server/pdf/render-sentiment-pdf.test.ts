import { afterAll, describe, expect, it } from 'vitest';
import { overviewDocument, reportDocument } from '../../../tests/fixtures/sentiment-reports/documents.ts';
import { pdfWorkspace, popplerPresent } from '../../../tests/helpers/pdf.ts';
import { countAxis, gappedLinePath, labelIndices } from './chart-geometry.ts';
import { renderSentimentPdf } from './render-sentiment-pdf.tsx';

const workspace = pdfWorkspace('sentiment-pdf-');
afterAll(() => workspace.remove());

async function render(name: string, ...args: Parameters<typeof renderSentimentPdf>) {
  const started = performance.now();
  const pdf = await renderSentimentPdf(...args);
  const ms = Math.round(performance.now() - started);
  const inspected = workspace.inspect(name, pdf);
  console.log(`sentiment pdf "${name}": ${inspected.pages} pages, ${Math.round(pdf.length / 1024)} KB, ${ms} ms`);
  return { pdf, pages: inspected.pages, text: inspected.text ?? '' };
}

describe('chart geometry', () => {
  it('rounds a count axis to steps of 1, 2 or 5 with at most five ticks', () => {
    expect(countAxis(6)).toEqual({ top: 6, ticks: [0, 2, 4, 6] });
    expect(countAxis(3)).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
    expect(countAxis(37)).toEqual({ top: 40, ticks: [0, 10, 20, 30, 40] });
    expect(countAxis(0)).toEqual({ top: 1, ticks: [0, 1] });
  });

  it('labels evenly spread steps, always the first and the last', () => {
    expect(labelIndices(5, 8)).toEqual([0, 1, 2, 3, 4]);
    expect(labelIndices(31, 8)).toEqual([0, 5, 10, 15, 20, 25, 30]);
    expect(labelIndices(25, 8).at(-1)).toBe(24);
    expect(labelIndices(0, 8)).toEqual([]);
  });

  it('breaks the sentiment line where a step has no mention', () => {
    const path = gappedLinePath(
      [4, 3, null, 5],
      (i) => i * 10,
      (v) => v,
    );
    expect(path).toBe('M 0.00 4.00 L 10.00 3.00 M 30.00 5.00');
  });
});

describe('renderSentimentPdf', () => {
  it('renders a PDF', async () => {
    const { pdf } = await render('monthly', reportDocument('monthly'));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it.skipIf(!popplerPresent)('renders a report with its figures, charts, spike alert, topics and quotes', async () => {
    const doc = reportDocument('monthly');
    const { pages, text } = await render('monthly-text', doc);
    expect(pages).toBeGreaterThanOrEqual(3);
    for (const expected of [
      'SENTIMENT REPORT',
      'Acme Coffee',
      'Monthly',
      '10 Feb 2026 to 12 Mar 2026',
      `average sentiment of ${doc.overallSentiment?.toFixed(1)} out of 5`,
      `${doc.percentages.positive}%`,
      `${doc.percentages.negative}%`,
      'What the figures say',
      doc.reading[0]!,
      'Mentions over time',
      'Mentions per day from 10 Feb 2026 to 12 Mar 2026, UK time.',
      'Average sentiment over time',
      `Spike alert: negative mentions spiked on`,
      'Topics and keywords',
      doc.topTopics[0]!.term,
      'Example quotes',
      doc.quotes.positive[0]!.content,
      doc.quotes.negative[0]!.authorName!,
      'How these figures are made',
      'Brandlens sentiment report',
      `Page 1 of ${pages}`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('Written with AI');
  });

  it.skipIf(!popplerPresent)('labels AI-written wording and charts the hours of a daily report', async () => {
    const doc = { ...reportDocument('daily'), writtenBy: 'ai' as const };
    const { text } = await render('daily-ai', doc);
    expect(text).toContain("Written with AI from the report's figures");
    expect(text).toMatch(/Mentions per hour from \d{1,2} Mar, \d\d:00 to \d{1,2} Mar, \d\d:00, UK time/);
    expect(text).toContain('Daily');
  });

  it.skipIf(!popplerPresent)('renders the overview with the latest insights and their links', async () => {
    const doc = overviewDocument();
    const { text } = await render('overview', doc);
    for (const expected of [
      'CONSUMER INSIGHTS REPORT',
      'Mentions per week (Monday to Sunday)',
      'Latest insights',
      doc.latest[0]!.content,
      'https://reviews.example.com/acme-coffee/',
      'Latest insight',
      'Brandlens consumer insights report',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('TREND');
  });

  it.skipIf(!popplerPresent)('uses the owner’s white-label branding', async () => {
    const { text } = await render('branded', reportDocument('weekly'), {
      branding: {
        companyName: 'Northbank Digital',
        primaryColor: '#0E7490',
        secondaryColor: '#F59E0B',
        footerText: 'Northbank Digital, brand and web consultancy',
        contactEmail: 'hello@northbank.digital',
      },
    });
    expect(text).toContain('Prepared by Northbank Digital');
    expect(text).toContain('Northbank Digital, brand and web consultancy | hello@northbank.digital');
    expect(text).not.toContain('Brandlens');
  });

  it.skipIf(!popplerPresent)('says what was not measured in a period without mentions', async () => {
    const doc = reportDocument('monthly');
    const empty = {
      ...doc,
      totalMentions: 0,
      overallSentiment: null,
      percentages: { positive: 0, neutral: 0, negative: 0 },
      counts: { positive: 0, neutral: 0, negative: 0 },
      series: {
        ...doc.series,
        points: doc.series.points.map((point) => ({
          ...point,
          mentions: 0,
          positive: 0,
          neutral: 0,
          negative: 0,
          averageSentiment: null,
          negativeShare: null,
        })),
      },
      topTopics: [],
      topKeywords: [],
      spikeAlert: null,
      quotes: { positive: [], negative: [] },
      sources: [],
      reading: [
        'There were no mentions of Acme Coffee in the last 30 days, so there is no sentiment to report for it.',
      ],
      brandName: 'Café Ünïcode ☕ → “Quotes”',
    };
    const { text } = await render('empty', empty);
    for (const expected of [
      'NOT MEASURED',
      'No mentions: the distribution is not measured.',
      'No mentions in this period, so there is nothing to chart.',
      'No spike alert',
      'No topics were found in these mentions.',
      'None in this period.',
      'Café Ünïcode -> “Quotes”',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it.skipIf(!popplerPresent)('moves a long reading off the cover rather than overflowing it', async () => {
    const doc = reportDocument('monthly');
    const long = {
      ...doc,
      reading: Array.from({ length: 6 }, () => doc.reading[0]!.repeat(2)),
      writtenBy: 'ai' as const,
    };
    const { text } = await render('long-reading', long);
    expect(text).toContain('The reading of the figures follows on the next page.');
  });
});
