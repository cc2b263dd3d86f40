import { z } from 'zod';

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
