/**
 * Marketing recommendations written by a model from the measured facts, checked against them:
 * a strategy must rest on checks the audit really ran (unknown ids are dropped, and a strategy
 * left with none is dropped), and the measured titles and summaries replace the model's copies.
 * Anything unusable falls back to the local engine.
 */
import { z } from 'zod';
import {
  strategyPriorities,
  type TMarketingRecommendations,
  type TMarketingStrategy,
} from '../../shared/schemas/recommendations.ts';
import { localMarketingRecommendations, type RecommendationFacts } from './local/marketing-recommendations.ts';
import type { AiLogger, AiWriter } from './provider.ts';
import { type WithFallback, writeWithFallback } from './write-with-fallback.ts';

export const ZRecommendationsAnswer = z.object({
  executiveSummary: z.string().trim().min(1).max(1500).describe('3 to 5 sentences, from the facts only'),
  keyFindings: z.array(z.string().trim().min(1).max(400)).min(1).max(8),
  quickWins: z.array(z.string().trim().min(1).max(300)).max(6).describe('fixes of 2 hours or less'),
  marketingStrategies: z
    .array(
      z.object({
        strategy: z.string().trim().min(1).max(200),
        category: z.string().trim().min(1).max(60),
        priority: z.enum(strategyPriorities),
        timeline: z.string().trim().min(1).max(60),
        implementation: z.array(z.string().trim().min(1).max(300)).min(1).max(8),
        expectedImpact: z.string().trim().min(1).max(400),
        basedOnCheckIds: z.array(z.string()).min(1).describe('ids of the checks this strategy rests on'),
      }),
    )
    .min(1)
    .max(8),
  competitiveAdvantage: z.string().trim().min(1).max(800),
  longTermGoals: z.array(z.string().trim().min(1).max(300)).min(1).max(6),
});
export type TRecommendationsAnswer = z.infer<typeof ZRecommendationsAnswer>;

export const RECOMMENDATIONS_SYSTEM_PROMPT = [
  'You are a marketing consultant writing for a small business in British English.',
  'Write marketing recommendations using ONLY the audit facts given as JSON.',
  'Never invent findings, numbers, customers, competitors or results that are not in the facts.',
  'Every strategy must list, in basedOnCheckIds, the ids of the checks it rests on, exactly as given.',
  'Categories: Brand Positioning, Content Strategy, SEO/Performance, Social Media, User Experience, Marketing Automation.',
  'Priorities: Critical, High, Medium, Low. Be concrete and practical.',
].join('\n');

export function acceptRecommendations(
  facts: RecommendationFacts,
  answer: TRecommendationsAnswer,
  logger?: AiLogger,
): TMarketingRecommendations {
  const checks = new Map(
    [...facts.failedChecks, ...facts.passedChecks].map((check) => [
      check.id,
      { checkId: check.id, title: check.title, summary: check.summary },
    ]),
  );
  let dropped = 0;
  const marketingStrategies: TMarketingStrategy[] = [];
  for (const { basedOnCheckIds, ...strategy } of answer.marketingStrategies) {
    const basedOn = [...new Set(basedOnCheckIds)].flatMap((id) => {
      const check = checks.get(id);
      return check ? [check] : [];
    });
    if (basedOn.length === 0) {
      dropped += 1;
      continue;
    }
    marketingStrategies.push({ ...strategy, basedOn });
  }
  if (dropped > 0) logger?.info({ dropped }, 'AI recommendations: strategies without measured findings dropped');
  if (marketingStrategies.length === 0) throw new Error('No strategy in the AI answer rests on a measured finding');
  const { marketingStrategies: _ignored, ...rest } = answer;
  return { ...rest, marketingStrategies, writtenBy: 'ai' };
}

export function writeMarketingRecommendations(
  writer: AiWriter | null,
  facts: RecommendationFacts,
  logger?: AiLogger,
): Promise<WithFallback<TMarketingRecommendations>> {
  return writeWithFallback({
    writer,
    logger,
    local: () => localMarketingRecommendations(facts),
    request: {
      schema: ZRecommendationsAnswer,
      schemaName: 'marketing_recommendations',
      schemaDescription: 'Marketing recommendations built from a brand audit',
      system: RECOMMENDATIONS_SYSTEM_PROMPT,
      prompt: `Audit facts (JSON):\n${JSON.stringify(facts, null, 2)}`,
    },
    accept: (answer: TRecommendationsAnswer) => acceptRecommendations(facts, answer, logger),
  });
}
