import type { TMarketingRecommendations, TMarketingStrategy } from '../../../shared/schemas/recommendations.ts';
import type { marketingRecommendations } from '../../db/schema/index.ts';

export type RecommendationsRow = typeof marketingRecommendations.$inferSelect;

export function toRecommendations(row: RecommendationsRow): TMarketingRecommendations {
  return {
    executiveSummary: row.executiveSummary,
    keyFindings: row.keyFindings,
    quickWins: row.quickWins,
    marketingStrategies: row.marketingStrategies as TMarketingStrategy[],
    competitiveAdvantage: row.competitiveAdvantage,
    longTermGoals: row.longTermGoals,
    writtenBy: row.writtenBy,
  };
}
