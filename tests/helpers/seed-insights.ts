import { eq } from 'drizzle-orm';
import { analyseSentiment, sentimentEngineReady } from '../../src/server/analysis/sentiment/index.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { brands, consumerInsights, users } from '../../src/server/db/schema/index.ts';
import { type MentionPlan, mentionTexts } from '../fixtures/sentiment-reports/mentions.ts';

// the engine's weights load at first need
await sentimentEngineReady();

/** A brand of an existing user (sign in first), stored directly. */
export async function seedBrand(database: DatabaseHandle, ownerEmail: string, name = 'Acme Coffee') {
  const [owner] = await database.db.select().from(users).where(eq(users.email, ownerEmail));
  if (!owner) throw new Error(`no user ${ownerEmail}: sign in first`);
  const [brand] = await database.db.insert(brands).values({ userId: owner.id, name }).returning();
  return brand!;
}

const analysed = new Map<number, ReturnType<typeof analyseSentiment>>();

/**
 * Stores the planned mentions as the brand's insights, analysed by the local engine as the API
 * would, each with its own date, author, source and (for reviews) a link to the original.
 */
export async function seedMentions(
  database: DatabaseHandle,
  brand: { id: string; userId: string },
  plan: readonly MentionPlan[],
  extra: Partial<typeof consumerInsights.$inferInsert> = {},
) {
  const values = plan.map(({ at, textIndex }, i) => {
    const mention = mentionTexts[textIndex]!;
    let analysis = analysed.get(textIndex);
    if (!analysis) {
      analysis = analyseSentiment(mention.text);
      analysed.set(textIndex, analysis);
    }
    return {
      brandId: brand.id,
      userId: brand.userId,
      source: mention.source,
      platform: mention.platform,
      content: mention.text,
      sentiment: analysis.label,
      sentimentScore: analysis.sentimentScore,
      confidence: analysis.confidence,
      topics: analysis.topics,
      emotions: analysis.emotions,
      keywords: analysis.keywords,
      authorName: mention.author,
      sourceUrl: mention.source === 'reviews' ? `https://reviews.example.com/acme-coffee/${i + 1}` : null,
      collectedAt: at,
      ...extra,
    };
  });
  for (let start = 0; start < values.length; start += 1000) {
    await database.db.insert(consumerInsights).values(values.slice(start, start + 1000));
  }
}
