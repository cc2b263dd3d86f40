import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumerInsights } from '../../src/server/db/schema/index.ts';
import { engagementOf, type NewInsight, storeInsights } from '../../src/server/features/insights/store-insights.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { setPlan } from '../helpers/seed.ts';
import { seedBrand } from '../helpers/seed-insights.ts';

let target: TestApp;
let owner: string;
let brand: { id: string; userId: string };

/** Counts as sources state them: Reddit's score and comments, Bluesky's likes, reposts and replies ... */
const METRICS: (Record<string, number> | null)[] = [
  { score: 12, comments: 3 },
  { likes: 5, reposts: 2, replies: 1, views: 1000 },
  { views: 250 },
  { score: -4 },
  { helpfulVotes: 2.6, votes: 1.2 },
  {},
  null,
];

const analysis = {
  label: 'neutral' as const,
  sentimentScore: 3,
  confidence: 0.5,
  topics: [],
  emotions: [],
  keywords: [],
  analysedBy: 'local' as const,
};

beforeAll(async () => {
  target = await createTestApp();
  owner = await target.signInAs('engagement-owner@example.com');
  await setPlan(target.database, 'engagement-owner@example.com', 'smb');
  brand = await seedBrand(target.database, 'engagement-owner@example.com', 'Engaged Eats');
});
afterAll(async () => {
  await target.close();
});

describe('engagement', () => {
  it('sums what the source stated, views left out, 0 when it stated nothing', () => {
    expect(METRICS.map(engagementOf)).toEqual([15, 8, 0, -4, 4, 0, 0]);
  });

  it('is stored with each new mention, and the feed orders by it', async () => {
    const items: NewInsight[] = METRICS.map((metrics, index) => ({
      content: `Engaged mention ${index}`,
      analysis,
      source: 'social_media',
      engagementMetrics: metrics,
      externalId: `engaged-${index}`,
      deduplicate: true,
    }));
    const rows = await storeInsights(target.database.db, brand, items);
    expect(rows.map((row) => row.engagement)).toEqual([15, 8, 0, -4, 4, 0, 0]);
    const response = await target.app.inject({
      method: 'GET',
      url: `/api/consumer-insights?brandId=${brand.id}&sort=most-engaged&limit=3`,
      headers: { cookie: owner },
    });
    expect(response.json().map((insight: { content: string }) => insight.content)).toEqual([
      'Engaged mention 0',
      'Engaged mention 1',
      'Engaged mention 4',
    ]);
  });

  it('is filled in for mentions stored before it existed by the migration, the same way', async () => {
    const migration = readFileSync(
      path.resolve(import.meta.dirname, '../../src/server/db/migrations/0022_mention-and-ad-feeds.sql'),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toContain('UPDATE "consumer_insights" SET "engagement"');

    const older = await seedBrand(target.database, 'engagement-owner@example.com', 'Older Eats');
    // as a row stored before the column: its metrics, and the column's default
    await target.database.db.insert(consumerInsights).values(
      METRICS.map((metrics, index) => ({
        brandId: older.id,
        userId: older.userId,
        content: `Older mention ${index}`,
        engagementMetrics: metrics,
      })),
    );
    await target.database.db.execute(sql.raw(backfill));
    const rows = await target.database.db
      .select({ content: consumerInsights.content, engagement: consumerInsights.engagement })
      .from(consumerInsights)
      .where(eq(consumerInsights.brandId, older.id));
    const byContent = new Map(rows.map((row) => [row.content, row.engagement]));
    expect(METRICS.map((_, index) => byContent.get(`Older mention ${index}`))).toEqual(METRICS.map(engagementOf));
  });
});
