import { createHash } from 'node:crypto';
import type { TInsightSource, TMentionChannel } from '../../../shared/schemas/insights.ts';
import type { Database } from '../../db/client.ts';
import { isRowRefused } from '../../db/errors.ts';
import { consumerInsights, type StoredRelevance } from '../../db/schema/index.ts';
import { storableJson, storableOptionalText, storableText } from '../../db/storable.ts';
import type { AnalysedText } from './analyse-insight.ts';
import { type InsightRow, insightColumns } from './insight-dto.ts';

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
  /** counts as the source stated them (score, replies, likes, views); absent when it gave none */
  engagementMetrics?: Record<string, number> | null;
  /** false for manual feedback: a person may say the same thing twice on purpose */
  deduplicate: boolean;
  /** what kind of source a discovered mention came from */
  channel?: TMentionChannel | null;
  /** whether it is about its brand or competitor; absent: relevant by definition, as added by a person */
  relevance?: InsightRelevance;
};

export type InsightRelevance = StoredRelevance & { score: number; isRelevant: boolean };

/** Manual feedback and imported rows: the person vouches that they are about the brand. */
export const relevantByDefinition = (basis: 'first_party' | 'added' | 'imported'): InsightRelevance => ({
  basis,
  matches: [],
  score: 1,
  isRelevant: true,
});

/** Why a row was not stored (the others were), for the log. */
export type SkippedRow = { item: NewInsight; reason: string };

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

const INT32_MAX = 2_147_483_647;

/**
 * One figure of how much a mention was engaged with, for the feed's "most engaged" order: the
 * counts its source stated (likes, replies, reposts, votes, points, comments) summed, views left
 * out (seen is not engaged); 0 when it stated none. Migration 0022 fills stored rows the same way.
 */
export function engagementOf(metrics: Record<string, number> | null | undefined): number {
  let sum = 0;
  for (const [name, value] of Object.entries(metrics ?? {})) {
    if (name !== 'views' && typeof value === 'number' && Number.isFinite(value)) sum += value;
  }
  return Math.max(-INT32_MAX, Math.min(INT32_MAX, Math.round(sum)));
}

/** Rows per insert: well under PostgreSQL's 65,535 bound parameters. */
const BATCH = 500;

const clip = (text: string | null | undefined, max: number) => {
  const clean = storableOptionalText(text);
  return clean ? clean.slice(0, max) : null;
};

/** One item as a row, every outside text made storable (no NUL) and cut to its column. */
function rowOf(brand: { id: string; userId: string }, item: NewInsight) {
  const relevance = item.relevance ?? relevantByDefinition('added');
  return {
    brandId: brand.id,
    userId: brand.userId,
    competitorId: item.competitorId ?? null,
    source: item.source,
    platform: clip(item.platform, 100),
    content: storableText(item.content),
    sentiment: item.analysis.label,
    sentimentScore: item.analysis.sentimentScore,
    confidence: item.analysis.confidence,
    topics: storableJson(item.analysis.topics),
    emotions: storableJson(item.analysis.emotions),
    keywords: storableJson(item.analysis.keywords),
    analysedBy: item.analysis.analysedBy,
    authorName: clip(item.authorName, 200),
    authorHandle: clip(item.authorHandle, 200),
    sourceUrl: storableOptionalText(item.sourceUrl) ?? null,
    sourceId: item.sourceId ?? null,
    externalId: clip(item.externalId, 500),
    dedupeKey: dedupeKeyOf(item),
    rating: item.rating ?? null,
    engagementMetrics: item.engagementMetrics ?? null,
    engagement: engagementOf(item.engagementMetrics),
    channel: item.channel ?? null,
    relevanceScore: relevance.score,
    isRelevant: relevance.isRelevant,
    relevance: storableJson({ basis: relevance.basis, matches: relevance.matches }),
    ...(item.collectedAt ? { collectedAt: item.collectedAt } : {}),
  };
}

const reasonOf = (error: unknown) =>
  (error as { cause?: { message?: string } })?.cause?.message ??
  (error instanceof Error ? error.message : String(error));

/**
 * Stores analysed insights for a brand under its owner. Items already stored (same source id,
 * or same content when the source gives none) are skipped by the database's unique index, so a
 * second discovery or import of the same items adds nothing. Returns the rows actually added.
 * A batch the database refuses is stored row by row, each in its own savepoint, so one bad row
 * costs only itself: it is passed to `onSkipped` with the reason and the others are kept.
 * The caller checks the plan's room first (assertInsightRoom / insightRoomOf).
 */
export async function storeInsights(
  db: Database,
  brand: { id: string; userId: string },
  items: readonly NewInsight[],
  onSkipped?: (skipped: SkippedRow) => void,
): Promise<InsightRow[]> {
  const added: InsightRow[] = [];
  for (let start = 0; start < items.length; start += BATCH) {
    const batch = items.slice(start, start + BATCH);
    try {
      const rows = await db.transaction((savepoint) =>
        savepoint
          .insert(consumerInsights)
          .values(batch.map((item) => rowOf(brand, item)))
          .onConflictDoNothing()
          .returning(insightColumns),
      );
      added.push(...rows);
      continue;
    } catch (error) {
      // A refused row is found below, row by row; an unavailable database fails the whole store
      // (the job retries) rather than passing every row off as refused.
      if (!isRowRefused(error)) throw error;
    }
    for (const item of batch) {
      try {
        const rows = await db.transaction((savepoint) =>
          savepoint.insert(consumerInsights).values(rowOf(brand, item)).onConflictDoNothing().returning(insightColumns),
        );
        added.push(...rows);
      } catch (error) {
        if (!isRowRefused(error)) throw error;
        onSkipped?.({ item, reason: reasonOf(error) });
      }
    }
  }
  return added;
}
