import { z } from 'zod';
import { ZText } from './text.ts';

export const sentimentLabels = ['positive', 'negative', 'neutral'] as const;
export type TSentimentLabel = (typeof sentimentLabels)[number];

/** Emotions the engine names; each comes from a cue in the text itself. */
export const emotionNames = ['joy', 'trust', 'surprise', 'anger', 'sadness', 'fear', 'disgust'] as const;
export type TEmotion = (typeof emotionNames)[number];

/**
 * One text's sentiment as stored on a consumer insight. A language model's refinement must match
 * this schema, or the local engine's result is kept.
 */
export const ZSentimentResult = z.object({
  label: z.enum(sentimentLabels),
  /** 1 (very negative) to 5 (very positive); 3 is neutral */
  sentimentScore: z.number().int().min(1).max(5),
  /** 0 to 1, shown as a percentage */
  confidence: z.number().min(0).max(1),
  topics: z.array(z.string().trim().min(1).max(60)).max(5),
  emotions: z.array(z.enum(emotionNames)).max(emotionNames.length),
  keywords: z.array(z.string().trim().min(1).max(60)).max(8),
});
export type TSentimentResult = z.infer<typeof ZSentimentResult>;

/** Where an insight came from, as the manual form and imports name it. */
export const insightSourceValues = ['feedback', 'social_media', 'reviews', 'surveys'] as const;
export type TInsightSource = (typeof insightSourceValues)[number];
export const insightSourceLabels: Record<TInsightSource, string> = {
  feedback: 'Feedback',
  social_media: 'Social media',
  reviews: 'Reviews',
  surveys: 'Surveys',
};

/** What kind of source a discovered mention came from (a feed's category, or review pages). */
export const insightChannels = ['news', 'blog', 'reviews', 'forum'] as const;
export type TInsightChannel = (typeof insightChannels)[number];
/** What kind of place a mention came from: a feed's category, or social posts and videos found by name. */
export const mentionChannels = [...insightChannels, 'social', 'video'] as const;
export type TMentionChannel = (typeof mentionChannels)[number];
export const insightChannelLabels: Record<TMentionChannel, string> = {
  news: 'News',
  blog: 'Blog',
  reviews: 'Reviews',
  forum: 'Forum',
  social: 'Social',
  video: 'Video',
};

export const MAX_INSIGHT_CONTENT_LENGTH = 10_000;
export const manualFeedbackMessage = 'Please select a brand and enter feedback content';

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
const trimmedOrNull = (value: unknown) => (typeof value === 'string' ? value.trim() || null : (value ?? null));

/** The text of one insight, from the form, an import or a source. */
export const ZInsightContent = z.preprocess(
  trimmed,
  ZText('Feedback content', { multiline: true, required: manualFeedbackMessage })
    .min(1, manualFeedbackMessage)
    .max(
      MAX_INSIGHT_CONTENT_LENGTH,
      `Feedback content must be at most ${MAX_INSIGHT_CONTENT_LENGTH.toLocaleString('en-GB')} characters`,
    ),
);

export const ZInsightSource = z.enum(insightSourceValues, {
  error: 'Source must be one of feedback, social media, reviews or surveys',
});

const optionalText = (label: string, max: number) =>
  z
    .preprocess(trimmedOrNull, ZText(label).max(max, `${label} must be at most ${max} characters`).nullable())
    .optional();

/** POST /api/consumer-insights: manual feedback, analysed at once. */
export const ZCreateInsightRequest = z.object({
  brandId: z.uuid(manualFeedbackMessage),
  content: ZInsightContent,
  source: ZInsightSource.default('feedback'),
  platform: optionalText('Platform', 100),
  authorName: optionalText('Author name', 200),
  authorHandle: optionalText('Author handle', 200),
});
export type TCreateInsightRequest = z.input<typeof ZCreateInsightRequest>;

/** One consumer insight as the API returns it. Dates are ISO strings. */
export const ZInsight = z.object({
  id: z.uuid(),
  brandId: z.uuid(),
  competitorId: z.uuid().nullable(),
  /** the competitor the insight is about (its name); null for the brand's own */
  competitorName: z.string().nullable(),
  source: ZInsightSource,
  platform: z.string().nullable(),
  content: z.string(),
  /** the engine's label, or a person's when they corrected it (sentimentCorrectedAt set) */
  sentiment: z.enum(sentimentLabels),
  sentimentScore: z.number().int().min(1).max(5),
  /**
   * When a person corrected the sentiment; null while it is the engine's. Both fields default to
   * null so discovery results stored before corrections existed still read.
   */
  sentimentCorrectedAt: z.string().nullable().default(null),
  /** what the engine said before the first correction; null while uncorrected */
  engineSentiment: z.enum(sentimentLabels).nullable().default(null),
  confidence: z.number().min(0).max(1),
  topics: z.array(z.string()),
  emotions: z.array(z.string()),
  keywords: z.array(z.string()),
  authorName: z.string().nullable(),
  authorHandle: z.string().nullable(),
  /** the original, where the insight came from a feed or a web page */
  sourceUrl: z.string().nullable(),
  /** counts as the source stated them (points, replies, likes, reposts, votes); null when it gave none */
  engagementMetrics: z.record(z.string(), z.number()).nullable().optional(),
  sourceId: z.uuid().nullable(),
  /** the author's own star rating (1-5), when the source gave one */
  rating: z.number().nullable(),
  analysedBy: z.enum(['local', 'ai']),
  /** "News · Leeds Cycling Blog", "Reviews · pedalandco.co.uk", "Surveys · Typeform" */
  sourceLabel: z.string(),
  channel: z.enum(mentionChannels).nullable(),
  /** 0-1: how sure the scorer is that the item is about its brand or competitor */
  relevanceScore: z.number(),
  isRelevant: z.boolean(),
  /** why: scored from its words, or relevant by definition (first-party, added, imported) */
  relevanceBasis: z.enum(['scored', 'first_party', 'added', 'imported']).nullable(),
  relevanceMatches: z.array(z.object({ signal: z.string(), term: z.string(), where: z.string() })),
  /** set when a person marked the insight as not about the brand, or restored it: their word wins */
  flaggedAt: z.string().nullable(),
  collectedAt: z.string(),
  createdAt: z.string(),
});
export type TInsight = z.infer<typeof ZInsight>;
