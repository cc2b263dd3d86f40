import { z } from 'zod';
import { ZEmailAddress } from './email.ts';
import { insightSourceValues, sentimentLabels } from './insights.ts';
import { ZPageQuery } from './paging.ts';
import { ZText } from './text.ts';

/**
 * A sentiment report sums up a brand's own consumer insights over a period ending when it is
 * generated: daily is the last 24 hours, weekly the last 7 days and monthly the last 30 days
 * (DESIGN §7.2: the chosen period is honoured; monthly is the default).
 */
export const reportPeriods = ['daily', 'weekly', 'monthly'] as const;
export type TReportPeriod = (typeof reportPeriods)[number];

export const reportPeriodLabels: Record<TReportPeriod, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};

/** The period's span in words, as the report and its PDF say it: 'the last 30 days'. */
export const reportPeriodSpans: Record<TReportPeriod, string> = {
  daily: 'the last 24 hours',
  weekly: 'the last 7 days',
  monthly: 'the last 30 days',
};

/** The period before, which the trend compares with. */
export const previousPeriodSpans: Record<TReportPeriod, string> = {
  daily: 'the previous 24 hours',
  weekly: 'the previous 7 days',
  monthly: 'the previous 30 days',
};

export const trendDirections = ['improving', 'declining', 'neutral'] as const;
export type TTrendDirection = (typeof trendDirections)[number];

/** SPEC §5: a report needs a brand and at least one insight. */
export const noInsightsForReportMessage = 'Add some consumer insights first to generate sentiment reports.';
const selectBrandMessage = 'Please select a brand';

export const ZReportPeriod = z.enum(reportPeriods, { error: 'Report period must be daily, weekly or monthly' });

/** POST /api/sentiment-reports */
export const ZCreateSentimentReportRequest = z.object({
  brandId: z.uuid(selectBrandMessage),
  reportPeriod: ZReportPeriod.default('monthly'),
});
export type TCreateSentimentReportRequest = z.input<typeof ZCreateSentimentReportRequest>;

/** GET /api/sentiment-reports?brandId */
/** GET /api/sentiment-reports: the brand's reports, newest first, one page at a time (paging.ts). */
export const ZSentimentReportListQuery = z.object({ brandId: z.uuid(selectBrandMessage), ...ZPageQuery.shape });
export type TSentimentReportListQuery = z.infer<typeof ZSentimentReportListQuery>;

/** POST /api/consumer-insights/pdf */
export const ZConsumerInsightsPdfRequest = z.object({ brandId: z.uuid(selectBrandMessage) });
export type TConsumerInsightsPdfRequest = z.infer<typeof ZConsumerInsightsPdfRequest>;

/** POST /api/sentiment-reports/pdf */
export const ZSentimentReportPdfRequest = z.object({
  brandId: z.uuid(selectBrandMessage),
  reportId: z.uuid('Please choose a report'),
});
export type TSentimentReportPdfRequest = z.infer<typeof ZSentimentReportPdfRequest>;

export const MAX_EMAIL_NOTE_LENGTH = 2000;

/** POST /api/consumer-insights/email: the consumer insights report, with its PDF, to one address. */
export const ZEmailConsumerInsightsRequest = z.object({
  email: ZEmailAddress,
  message: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.trim() || null : (value ?? null)),
      ZText('Message', { multiline: true })
        .max(
          MAX_EMAIL_NOTE_LENGTH,
          `The message must be at most ${MAX_EMAIL_NOTE_LENGTH.toLocaleString('en-GB')} characters`,
        )
        .nullable(),
    )
    .optional(),
  brandId: z.uuid(selectBrandMessage),
  /** Made by the dialog when it opens: a second press of Send is the same message, sent once. */
  requestId: z.uuid().optional(),
});
export type TEmailConsumerInsightsRequest = z.input<typeof ZEmailConsumerInsightsRequest>;

/** A topic or keyword and how many of the period's insights carry it. */
export const ZTermCount = z.object({
  term: z.string(),
  mentions: z.number().int().min(0),
  positive: z.number().int().min(0),
  negative: z.number().int().min(0),
});
export type TTermCount = z.infer<typeof ZTermCount>;

export const seriesBuckets = ['hour', 'day', 'week', 'month'] as const;
export type TSeriesBucket = (typeof seriesBuckets)[number];

/** One step of the charts: a calendar hour, day, week or month (Europe/London) within the period. */
export const ZSeriesPoint = z.object({
  /** start of the bucket (ISO); the first and last buckets may be cut by the period's edges */
  start: z.string(),
  mentions: z.number().int().min(0),
  positive: z.number().int().min(0),
  neutral: z.number().int().min(0),
  negative: z.number().int().min(0),
  /** mean score out of 5, one decimal; null when the bucket has no mention */
  averageSentiment: z.number().nullable(),
  /** per cent of the bucket's mentions that are negative; null when it has none */
  negativeShare: z.number().nullable(),
});
export type TSeriesPoint = z.infer<typeof ZSeriesPoint>;

export const ZSeries = z.object({
  bucket: z.enum(seriesBuckets),
  timeZone: z.string(),
  points: z.array(ZSeriesPoint),
});
export type TSeries = z.infer<typeof ZSeries>;

/**
 * A day whose share of negative mentions stands far above the brand's own recent days: see
 * SPIKE_RULE in the server's report analysis for the rule.
 */
export const ZSpikeAlert = z.object({
  /** the calendar day, YYYY-MM-DD (Europe/London) */
  day: z.string(),
  mentions: z.number().int(),
  negative: z.number().int(),
  /** per cent, one decimal */
  negativeShare: z.number(),
  /** mean of the baseline days' negative shares, per cent, one decimal */
  baselineShare: z.number(),
  /** their standard deviation, percentage points, one decimal */
  baselineStdDev: z.number(),
  /** days with mentions among the 28 before it */
  baselineDays: z.number().int(),
  /** further days of the period that met the rule */
  otherSpikeDays: z.array(z.string()),
});
export type TSpikeAlert = z.infer<typeof ZSpikeAlert>;

/** An insight quoted as an example, with where and when it was said. */
export const ZReportQuote = z.object({
  insightId: z.string(),
  sentiment: z.enum(sentimentLabels),
  sentimentScore: z.number().int(),
  confidence: z.number(),
  content: z.string(),
  source: z.enum(insightSourceValues),
  platform: z.string().nullable(),
  authorName: z.string().nullable(),
  authorHandle: z.string().nullable(),
  sourceUrl: z.string().nullable(),
  collectedAt: z.string(),
});
export type TReportQuote = z.infer<typeof ZReportQuote>;

/** The previous period of the same length, which the trend compares against. */
export const ZPreviousPeriod = z.object({
  start: z.string(),
  end: z.string(),
  mentions: z.number().int().min(0),
  /** mean score out of 5, one decimal; null when it had no mention */
  overallSentiment: z.number().nullable(),
});

/** The report's `insights`: its written reading, the charts' series and what backs the figures. */
export const ZReportInsights = z.object({
  /** a few sentences written from the figures */
  aiInsights: z.array(z.string()),
  /** 'ai' when a language model wrote aiInsights from the figures, 'local' for the templates */
  writtenBy: z.enum(['local', 'ai']),
  /** 'pending' while a configured model is still writing; the local sentences stand meanwhile */
  wording: z.enum(['final', 'pending']),
  series: ZSeries,
  previous: ZPreviousPeriod,
  spikeAlert: ZSpikeAlert.nullable(),
  quotes: z.object({ positive: z.array(ZReportQuote), negative: z.array(ZReportQuote) }),
  sources: z.array(z.object({ source: z.enum(insightSourceValues), mentions: z.number().int() })),
});
export type TReportInsights = z.infer<typeof ZReportInsights>;

/** A sentiment report as the API returns it. Dates are ISO strings. */
export const ZSentimentReport = z.object({
  id: z.uuid(),
  brandId: z.uuid(),
  reportPeriod: ZReportPeriod,
  startDate: z.string(),
  endDate: z.string(),
  /** mean score out of 5, one decimal; null when the period has no mention (not measured) */
  overallSentiment: z.number().nullable(),
  /** whole per cents adding up to 100 (all 0 when the period has no mention) */
  positivePercentage: z.number(),
  neutralPercentage: z.number(),
  negativePercentage: z.number(),
  totalMentions: z.number().int(),
  trendDirection: z.enum(trendDirections),
  topTopics: z.array(ZTermCount),
  topKeywords: z.array(ZTermCount),
  insights: ZReportInsights,
  createdAt: z.string(),
});
export type TSentimentReport = z.infer<typeof ZSentimentReport>;
