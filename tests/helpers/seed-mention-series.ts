import { type SQL, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../src/server/db/client.ts';

/** The columns a series may set, each an SQL expression of `g` (1 to count). */
const SERIES_COLUMNS = {
  content: 'content',
  sentiment: 'sentiment',
  sentimentScore: 'sentiment_score',
  confidence: 'confidence',
  collectedAt: 'collected_at',
  competitorId: 'competitor_id',
  channel: 'channel',
  source: 'source',
  platform: 'platform',
  rating: 'rating',
  engagement: 'engagement',
  isRelevant: 'is_relevant',
  authorName: 'author_name',
  authorHandle: 'author_handle',
  sourceUrl: 'source_url',
} as const;
export type SeriesColumn = keyof typeof SERIES_COLUMNS;

const defaults: Record<'content' | 'sentiment' | 'sentimentScore' | 'confidence' | 'collectedAt', SQL> = {
  content: sql`'Mention number ' || g`,
  sentiment: sql`'neutral'`,
  sentimentScore: sql`3`,
  confidence: sql`0.5`,
  collectedAt: sql`now() - g * interval '1 minute'`,
};

/**
 * `count` mentions of a brand in one INSERT ... SELECT over generate_series, each column an SQL
 * expression of the row number `g`: large sets in one statement, on PGlite and PostgreSQL alike.
 * Returns the ids stored.
 */
export async function seedMentionSeries(
  database: DatabaseHandle,
  brand: { id: string; userId: string },
  count: number,
  columns: Partial<Record<SeriesColumn, SQL>> = {},
): Promise<string[]> {
  const chosen = { ...defaults, ...columns };
  const names = Object.keys(chosen) as SeriesColumn[];
  const result = await database.db.execute(sql`
    insert into consumer_insights (brand_id, user_id, ${sql.raw(names.map((name) => SERIES_COLUMNS[name]).join(', '))})
    select ${brand.id}::uuid, ${brand.userId}::uuid, ${sql.join(
      names.map((name) => chosen[name]),
      sql`, `,
    )}
    from generate_series(1, ${count}::integer) as g
    returning id`);
  return (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
}
