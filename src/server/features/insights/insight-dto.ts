import type { TInsight } from '../../../shared/schemas/insights.ts';
import type { consumerInsights } from '../../db/schema/index.ts';

export type InsightRow = typeof consumerInsights.$inferSelect;

/** competitorName: the name of the competitor the insight is about, when it is one. */
export function toInsight(row: InsightRow, competitorName: string | null = null): TInsight {
  return {
    id: row.id,
    brandId: row.brandId,
    competitorId: row.competitorId,
    competitorName: row.competitorId ? competitorName : null,
    source: row.source,
    platform: row.platform,
    content: row.content,
    sentiment: row.sentiment ?? 'neutral',
    sentimentScore: row.sentimentScore ?? 3,
    confidence: row.confidence ?? 0,
    topics: row.topics,
    emotions: row.emotions,
    keywords: row.keywords,
    authorName: row.authorName,
    authorHandle: row.authorHandle,
    sourceUrl: row.sourceUrl,
    sourceId: row.sourceId,
    rating: row.rating,
    analysedBy: row.analysedBy,
    collectedAt: row.collectedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}
