/**
 * The day counts the feed's totals and charts add up (mention_day_counts) always equal the
 * mentions themselves: after mentions are stored, corrected, moved between days, marked not
 * relevant, deleted, and deleted with their competitor or brand, for every filter the feed has.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { brands, competitors, consumerInsights, mentionDayCounts, users } from '../../src/server/db/schema/index.ts';
import { countMentions } from '../../src/server/features/insights/list-insights.ts';
import type { MentionFilterValues } from '../../src/server/features/insights/mention-filters.ts';
import { mentionConditions } from '../../src/server/features/insights/mention-filters.ts';
import { createTestDatabase } from '../helpers/database.ts';

let database: DatabaseHandle;
let brandId: string;
let otherBrandId: string;
let rivalIds: string[];

const DAY = 86_400_000;
const day = (daysBack: number) => new Date(Date.UTC(2026, 10, 30) - daysBack * DAY).toISOString().slice(0, 10);

/** Mentions spread over days (some a second before or after midnight UTC), sources, sentiments and whose. */
async function storeMentions(target: string, userId: string, competitorIds: string[], total: number) {
  const channels = ['news', 'blog', 'reviews', 'forum', 'social', 'video', null] as const;
  const sources = ['feedback', 'social_media', 'reviews', 'surveys'] as const;
  const sentiments = ['positive', 'negative', 'neutral', null] as const;
  const values = Array.from({ length: total }, (_, i) => ({
    brandId: target,
    userId,
    competitorId: i % 3 === 0 ? null : (competitorIds[i % competitorIds.length] ?? null),
    source: sources[i % sources.length]!,
    platform: i % 5 === 0 ? null : `Platform ${i % 4}`,
    channel: channels[i % channels.length]!,
    content: `Mention ${i}`,
    sentiment: sentiments[(i * 7) % sentiments.length]!,
    rating: i % 6 === 0 ? 4 : null,
    isRelevant: i % 9 !== 0,
    // around midnight UTC on some days, so the day a mention counts on is the UTC one
    collectedAt: new Date(Date.UTC(2026, 10, 30) - (i % 20) * DAY + (i % 2 === 0 ? -1000 : 1000)),
  }));
  await database.db.insert(consumerInsights).values(values);
}

/** Every filter the feed has but its search, alone and in a few combinations. */
function filterCases(): MentionFilterValues[] {
  const base: MentionFilterValues = { relevance: 'relevant' } as MentionFilterValues;
  return [
    base,
    { ...base, relevance: 'filtered' },
    { ...base, sentiment: 'positive' },
    { ...base, sentiment: 'neutral' },
    { ...base, channel: 'news' },
    { ...base, source: 'reviews' },
    { ...base, about: 'brand' },
    { ...base, about: 'competitors' },
    { ...base, competitorId: rivalIds[1] },
    { ...base, from: day(7), to: day(2) },
    { ...base, from: day(0) },
    { ...base, to: day(19) },
    { ...base, rated: 'true' },
    { ...base, rated: 'false' },
    { ...base, sentiment: 'negative', channel: 'forum', about: 'competitors', from: day(15), rated: 'false' },
  ];
}

/** The tally's totals against mentions counted row by row. */
async function expectCountsToMatchMentions() {
  for (const filters of filterCases()) {
    const [direct] = await database.db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(consumerInsights)
      .where(mentionConditions(brandId, filters));
    expect(await countMentions(database, brandId, filters), JSON.stringify(filters)).toBe(direct!.total);
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  const [owner, other] = await database.db
    .insert(users)
    .values([{ email: 'day-counts@example.com' }, { email: 'day-counts-other@example.com' }])
    .returning();
  const [brand, otherBrand] = await database.db
    .insert(brands)
    .values([
      { userId: owner!.id, name: 'Counted Coffee' },
      { userId: other!.id, name: 'Other Bakery' },
    ])
    .returning();
  brandId = brand!.id;
  otherBrandId = otherBrand!.id;
  const rivals = await database.db
    .insert(competitors)
    .values(['Alpha', 'Beta', 'Gamma'].map((name) => ({ userId: owner!.id, brandId, name })))
    .returning();
  rivalIds = rivals.map((rival) => rival.id);
  await storeMentions(brandId, owner!.id, rivalIds, 600);
  await storeMentions(otherBrandId, other!.id, [], 50);
});

afterAll(async () => {
  await database?.close();
});

describe('the day counts of a brand mentions', () => {
  it('match the mentions for every filter once stored', async () => {
    await expectCountsToMatchMentions();
  });

  it('follow a corrected sentiment, a mention moved to another day, one marked not relevant and one deleted', async () => {
    const some = await database.db
      .select({ id: consumerInsights.id })
      .from(consumerInsights)
      .where(eq(consumerInsights.brandId, brandId))
      .limit(40);
    const ids = some.map((row) => row.id);
    await database.db
      .update(consumerInsights)
      .set({ sentiment: 'negative' })
      .where(inArray(consumerInsights.id, ids.slice(0, 10)));
    await database.db
      .update(consumerInsights)
      .set({ collectedAt: new Date(`${day(3)}T23:59:59.000Z`), rating: 2 })
      .where(inArray(consumerInsights.id, ids.slice(10, 20)));
    await database.db
      .update(consumerInsights)
      .set({ isRelevant: false })
      .where(inArray(consumerInsights.id, ids.slice(20, 30)));
    await database.db.delete(consumerInsights).where(inArray(consumerInsights.id, ids.slice(30, 40)));
    // an update of nothing the counts hold writes nothing to them
    const before = await database.db.select().from(mentionDayCounts).where(eq(mentionDayCounts.brandId, brandId));
    await database.db.update(consumerInsights).set({ content: 'Edited' }).where(eq(consumerInsights.brandId, brandId));
    const after = await database.db.select().from(mentionDayCounts).where(eq(mentionDayCounts.brandId, brandId));
    expect(after).toEqual(expect.arrayContaining(before));
    expect(after).toHaveLength(before.length);
    await expectCountsToMatchMentions();
  });

  it('follow a competitor deleted with its mentions', async () => {
    await database.db.delete(competitors).where(eq(competitors.id, rivalIds[2]!));
    await expectCountsToMatchMentions();
  });

  it('are removed with their brand, and another brand keeps its own', async () => {
    await database.db.delete(brands).where(eq(brands.id, brandId));
    const left = await database.db.select().from(mentionDayCounts).where(eq(mentionDayCounts.brandId, brandId));
    expect(left).toEqual([]);
    const [other] = await database.db
      .select({ total: sql<number>`sum(${mentionDayCounts.mentions})`.mapWith(Number) })
      .from(mentionDayCounts)
      .where(and(eq(mentionDayCounts.brandId, otherBrandId)));
    expect(other!.total).toBe(50);
  });
});
