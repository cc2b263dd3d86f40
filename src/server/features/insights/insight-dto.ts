import { getTableColumns } from 'drizzle-orm';
import { insightChannelLabels, insightSourceLabels, type TInsight } from '../../../shared/schemas/insights.ts';
import { consumerInsights } from '../../db/schema/index.ts';

/**
 * An insight's columns but its search vector: the vector is for the database to search with, and
 * reading it back would more than double what each row costs to send.
 */
const { searchVector: _searchVector, ...insightColumnsWithoutSearch } = getTableColumns(consumerInsights);
export const insightColumns = insightColumnsWithoutSearch;

export type InsightRow = Omit<typeof consumerInsights.$inferSelect, 'searchVector'>;

/**
 * Where the insight came from, in words: what the source is (a feed's category when discovery
 * found it, else the insight's source) and its name (a feed's own title, a site's host, the
 * platform a CSV row named).
 */
export function sourceLabelOf(row: Pick<InsightRow, 'channel' | 'source' | 'platform'>): string {
  const kind = row.channel ? insightChannelLabels[row.channel] : insightSourceLabels[row.source];
  return row.platform ? `${kind} · ${row.platform}` : kind;
}

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
    sentimentCorrectedAt: row.sentimentCorrectedAt?.toISOString() ?? null,
    engineSentiment: row.engineSentiment,
    confidence: row.confidence ?? 0,
    topics: row.topics,
    emotions: row.emotions,
    keywords: row.keywords,
    authorName: row.authorName,
    authorHandle: row.authorHandle,
    sourceUrl: row.sourceUrl,
    engagementMetrics: row.engagementMetrics ?? null,
    sourceId: row.sourceId,
    rating: row.rating,
    analysedBy: row.analysedBy,
    sourceLabel: sourceLabelOf(row),
    channel: row.channel,
    relevanceScore: row.relevanceScore,
    isRelevant: row.isRelevant,
    relevanceBasis: row.relevance?.basis ?? null,
    relevanceMatches: row.relevance?.matches ?? [],
    flaggedAt: row.flaggedAt?.toISOString() ?? null,
    collectedAt: row.collectedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}
