import { z } from 'zod';
import type { TSentimentResult } from '../../../shared/schemas/insights.ts';
import type { AiLogger, AiWriter } from '../../ai/provider.ts';
import { writeWithFallback } from '../../ai/write-with-fallback.ts';
import { respectAuthorRating } from '../../analysis/sentiment/author-rating.ts';
import {
  acceptRefinement,
  analyseSentiment,
  type SentimentGenre,
  sentimentEngineReady,
} from '../../analysis/sentiment/index.ts';

export type AnalysedText = TSentimentResult & { analysedBy: 'local' | 'ai' };

/**
 * The answer asked of a language model. Limits are checked by ZSentimentResult in
 * acceptRefinement, so the model is sent the shape only.
 */
const ZRefinementAnswer = z.object({
  label: z.enum(['positive', 'negative', 'neutral']),
  sentimentScore: z.number(),
  confidence: z.number(),
  topics: z.array(z.string()),
  emotions: z.array(z.string()),
  keywords: z.array(z.string()),
});

const SYSTEM = [
  'You label the sentiment of one customer text about a brand.',
  'label: positive, negative or neutral (mixed or factual texts are neutral).',
  'sentimentScore: an integer 1-5 (1 very negative, 3 neutral, 5 very positive) agreeing with the label.',
  'confidence: 0-1. topics: at most 5 short nouns from the text. keywords: at most 8 words from the text.',
  'emotions: any of joy, trust, surprise, anger, sadness, fear, disgust that the text expresses.',
].join(' ');

/**
 * One text's sentiment: the local engine's, refined by the language model when one is
 * configured. The model's answer is kept only when it is valid and does not call a clear
 * complaint positive (acceptRefinement); otherwise the local result stands. Where the author gave
 * a star rating, it decides the side unless the text is plainly the other way (respectAuthorRating).
 */
/**
 * A review (from a review site or a review import, or with the author's star rating) is read as
 * one; anything else as a post.
 */
export function genreOf(item: {
  source?: string | null;
  channel?: string | null;
  rating?: number | null;
}): SentimentGenre {
  return item.source === 'reviews' || item.channel === 'reviews' || (item.rating !== null && item.rating !== undefined)
    ? 'review'
    : 'post';
}

export async function analyseInsightText(
  text: string,
  options: {
    ai: AiWriter | null;
    logger?: AiLogger;
    signal?: AbortSignal;
    rating?: number | null;
    genre?: SentimentGenre;
  },
): Promise<AnalysedText> {
  await sentimentEngineReady();
  const local = analyseSentiment(text, { genre: options.genre ?? 'post' });
  if (!options.ai) return { ...respectAuthorRating(text, local, options.rating), analysedBy: 'local' };
  const refined = await writeWithFallback({
    writer: options.ai,
    logger: options.logger,
    local: () => local,
    request: {
      schema: ZRefinementAnswer,
      schemaName: 'insight_sentiment',
      system: SYSTEM,
      prompt: text,
      ...(options.signal ? { abortSignal: options.signal } : {}),
    },
    accept: (answer: z.infer<typeof ZRefinementAnswer>) => {
      const accepted = acceptRefinement(text, local, answer);
      if (accepted === local) throw new Error('the AI sentiment did not pass validation');
      return accepted;
    },
  });
  return { ...respectAuthorRating(text, refined.value, options.rating), analysedBy: refined.writtenBy };
}
