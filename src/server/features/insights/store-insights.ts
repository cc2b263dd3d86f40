import { createHash } from 'node:crypto';
import type { TInsightSource } from '../../../shared/schemas/insights.ts';
import type { Database } from '../../db/client.ts';
import { consumerInsights } from '../../db/schema/index.ts';
import type { AnalysedText } from './analyse-insight.ts';
import type { InsightRow } from './insight-dto.ts';

/** One item to keep, already validated and analysed. */
export type NewInsight = {
  content: string;
  analysis: AnalysedText;
  source: TInsightSource;
  platform?: string | null;
  authorName?: string | null;
  authorHandle?: string | null;
  sourceUrl?: string | null;
  sourceId?: string | null;
  competitorId?: string | null;
  /** the item's id at its source (a feed's guid, a review's URL) */
  externalId?: string | null;
  /**
   * What externalId is unique within, when that should outlive the source record (a feed's
   * address: a feed removed and added again is the same feed). Defaults to sourceId.
   */
  dedupeScope?: string | null;
  /** the item's own date; now when it has none */
  collectedAt?: Date;
  rating?: number | null;
  /** false for manual feedback: a person may say the same thing twice on purpose */
  deduplicate: boolean;
};

/** Same text, same item: case, spacing and punctuation do not make a review new. */
export function contentHashOf(content: string): string {
  const canonical = content
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return createHash('sha256').update(canonical).digest('hex');
}

/** The key that makes an item the same item again (null: never deduplicated). */
export function dedupeKeyOf(
  item: Pick<NewInsight, 'deduplicate' | 'externalId' | 'sourceId' | 'dedupeScope' | 'content'>,
): string | null {
  if (!item.deduplicate) return null;
  if (item.externalId) {
    return `id:${createHash('sha256')
      .update(`${item.dedupeScope ?? item.sourceId ?? ''}\n${item.externalId}`)
      .digest('hex')}`;
  }
  return `text:${contentHashOf(item.content)}`;
}

/** Rows per insert: well under PostgreSQL's 65,535 bound parameters. */
const BATCH = 500;

/**
 * Stores analysed insights for a brand under its owner. Items already stored (same source id,
 * or same content when the source gives none) are skipped by the database's unique index, so a
 * second discovery or import of the same items adds nothing. Returns the rows actually added.
 * The caller checks the plan's room first (assertInsightRoom / insightRoomOf).
 */
export async function storeInsights(
  db: Database,
  brand: { id: string; userId: string },
  items: readonly NewInsight[],
): Promise<InsightRow[]> {
  const added: InsightRow[] = [];
  for (let start = 0; start < items.length; start += BATCH) {
    const values = items.slice(start, start + BATCH).map((item) => ({
      brandId: brand.id,
      userId: brand.userId,
      competitorId: item.competitorId ?? null,
      source: item.source,
      platform: item.platform ?? null,
      content: item.content,
      sentiment: item.analysis.label,
      sentimentScore: item.analysis.sentimentScore,
      confidence: item.analysis.confidence,
      topics: item.analysis.topics,
      emotions: item.analysis.emotions,
      keywords: item.analysis.keywords,
      analysedBy: item.analysis.analysedBy,
      authorName: item.authorName ?? null,
      authorHandle: item.authorHandle ?? null,
      sourceUrl: item.sourceUrl ?? null,
      sourceId: item.sourceId ?? null,
      externalId: item.externalId?.slice(0, 500) ?? null,
      dedupeKey: dedupeKeyOf(item),
      rating: item.rating ?? null,
      ...(item.collectedAt ? { collectedAt: item.collectedAt } : {}),
    }));
    const rows = await db.insert(consumerInsights).values(values).onConflictDoNothing().returning();
    added.push(...rows);
  }
  return added;
}
