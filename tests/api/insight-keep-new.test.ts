import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiWriter } from '../../src/server/ai/provider.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { brands, competitors, consumerInsights, users } from '../../src/server/db/schema/index.ts';
import { type Candidate, keepNewInsights } from '../../src/server/features/insight-sources/keep-new-insights.ts';
import { createTestDatabase } from '../helpers/database.ts';

// The step discovery and import share: what is new, what fits the plan, what is analysed by whom.
let database: DatabaseHandle;
let brand: { id: string; userId: string };

beforeAll(async () => {
  database = await createTestDatabase();
  const [owner] = await database.db
    .insert(users)
    .values({ email: 'keep@example.com', planType: 'starter', maxBrands: 1 })
    .returning();
  const [row] = await database.db.insert(brands).values({ userId: owner!.id, name: 'Keep Co' }).returning();
  brand = { id: row!.id, userId: owner!.id };
});

afterAll(async () => {
  await database?.close();
});

const candidate = (content: string, origin: number, extra: Partial<Candidate> = {}): Candidate => ({
  content,
  origin,
  source: 'reviews',
  ...extra,
});

/** A model that calls everything positive and counts its calls. */
function fakeModel() {
  const writer = {
    provider: 'openai' as const,
    model: 'fake',
    calls: 0,
    async writeStructured<T>(): Promise<T> {
      writer.calls++;
      return { label: 'positive', sentimentScore: 5, confidence: 0.9, topics: [], emotions: [], keywords: [] } as T;
    },
  };
  return writer;
}

describe('keeping new insights', () => {
  it('counts the same text from two sources once, per source', async () => {
    const outcome = await keepNewInsights(
      { db: database.db, ai: null },
      brand,
      [
        candidate('The oat latte was lovely and warm.', 0, { externalId: 'a-1', dedupeScope: 'feed:a' }),
        candidate('The oat latte was lovely and warm!', 1),
        candidate('Service was slow today.', 1),
      ],
      { since: new Date() },
    );
    expect(outcome.added).toHaveLength(2);
    expect(outcome.byOrigin.get(0)).toEqual({ added: 1, duplicates: 0, notKeptForPlan: 0 });
    expect(outcome.byOrigin.get(1)).toEqual({ added: 1, duplicates: 1, notKeptForPlan: 0 });
  });

  it('treats rows stored since the run began as its own (a retried attempt), older ones as duplicates', async () => {
    const since = new Date(Date.now() - 60_000);
    const outcome = await keepNewInsights(
      { db: database.db, ai: null },
      brand,
      [candidate('Service was slow today.', 0)],
      { since },
    );
    expect(outcome).toMatchObject({ duplicates: 0, notKeptForPlan: 0 });
    expect(outcome.added).toHaveLength(1);
    const later = await keepNewInsights(
      { db: database.db, ai: null },
      brand,
      [candidate('Service was slow today.', 0)],
      {
        since: new Date(Date.now() + 60_000),
      },
    );
    expect(later).toMatchObject({ duplicates: 1, added: [] });
  });

  it("keeps only what fits the plan's room and counts the rest", async () => {
    await database.db.insert(consumerInsights).values(
      Array.from({ length: 195 }, (_, index) => ({
        brandId: brand.id,
        userId: brand.userId,
        content: `Earlier ${index}`,
      })),
    );
    const outcome = await keepNewInsights(
      { db: database.db, ai: null },
      brand,
      Array.from({ length: 6 }, (_, index) => candidate(`New review number ${index}`, index % 2)),
      { since: new Date() },
    );
    expect(outcome.added).toHaveLength(3);
    expect(outcome.notKeptForPlan).toBe(3);
    const stored = await database.db.select().from(consumerInsights).where(eq(consumerInsights.brandId, brand.id));
    expect(stored).toHaveLength(200);
  });

  it('asks the model while its time budget lasts, and the local engine after', async () => {
    await database.db.delete(consumerInsights).where(eq(consumerInsights.brandId, brand.id));
    const model = fakeModel();
    const refined = await keepNewInsights(
      { db: database.db, ai: model as AiWriter, aiBudgetMs: 60_000 },
      brand,
      [candidate('Lovely beans, quick delivery.', 0)],
      { since: new Date() },
    );
    expect(model.calls).toBe(1);
    expect(refined.added[0]?.analysedBy).toBe('ai');

    const spent = await keepNewInsights(
      { db: database.db, ai: model as AiWriter, aiBudgetMs: 0 },
      brand,
      [candidate('The decaf was cold and the staff were rude.', 0)],
      { since: new Date() },
    );
    expect(model.calls).toBe(1);
    expect(spent.added[0]?.analysedBy).toBe('local');
  });
});

describe('a row the database refuses', () => {
  it('is skipped with its reason logged, and the rest of its batch is kept', async () => {
    const errors: { context: Record<string, unknown>; message: string }[] = [];
    const logger = {
      debug() {},
      info() {},
      warn() {},
      error(context: Record<string, unknown>, message: string) {
        errors.push({ context, message });
      },
    } as unknown as Parameters<typeof keepNewInsights>[0]['logger'];
    const outcome = await keepNewInsights(
      { db: database.db, ai: null, logger },
      { id: brand.id, userId: brand.userId },
      [
        candidate('Row one is fine and friendly.', 0, { externalId: 'bad-batch-1', dedupeScope: 'x' }),
        // A source that does not exist: the foreign key refuses this row alone.
        candidate('Row two points at a source that is gone.', 0, {
          externalId: 'bad-batch-2',
          dedupeScope: 'x',
          sourceId: '00000000-0000-4000-8000-000000000000',
        }),
        candidate('Row three is fine and lovely.', 0, { externalId: 'bad-batch-3', dedupeScope: 'x' }),
      ],
      { since: new Date() },
    );
    expect(outcome.added.map((row) => row.content).sort()).toEqual([
      'Row one is fine and friendly.',
      'Row three is fine and lovely.',
    ]);
    expect(outcome.duplicates).toBe(0);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain('could not be stored');
    expect(errors[0]?.context).toMatchObject({ externalId: 'bad-batch-2' });
    expect(String(errors[0]?.context.reason)).toMatch(/foreign key/i);
  });
});

describe('reading each item’s sentiment', () => {
  let reader: { id: string; userId: string };
  beforeAll(async () => {
    const [owner] = await database.db
      .insert(users)
      .values({ email: 'read@example.com', planType: 'agency', maxBrands: 10 })
      .returning();
    const [row] = await database.db.insert(brands).values({ userId: owner!.id, name: 'Read Co' }).returning();
    reader = { id: row!.id, userId: owner!.id };
  });

  it('lets the author’s star rating decide the side, the model’s answer included, unless the words plainly disagree', async () => {
    const model = fakeModel();
    const outcome = await keepNewInsights(
      { db: database.db, ai: model },
      reader,
      [
        candidate('Prices have gone up a lot and the loaf was smaller than last month', 0, { rating: 2 }),
        candidate("It's ok. Nothing special", 0, { rating: 3 }),
        candidate('Rude staff, cold food, filthy tables. Never again.', 0, { rating: 5 }),
      ],
      { since: new Date() },
    );
    const stored = new Map(outcome.added.map((row) => [row.content, row]));
    expect(stored.get('Prices have gone up a lot and the loaf was smaller than last month')).toMatchObject({
      sentiment: 'negative',
      sentimentScore: 2,
      rating: 2,
    });
    expect(stored.get("It's ok. Nothing special")).toMatchObject({ sentiment: 'neutral', sentimentScore: 3 });
    // the model called it positive and the rating says five stars, but the words are a plain complaint:
    // the model's answer is refused and the engine's stands
    expect(stored.get('Rude staff, cold food, filthy tables. Never again.')).toMatchObject({ sentiment: 'negative' });
    for (const row of outcome.added) expect(row.confidence).toBeLessThan(1);
  });

  it('judges a mention that compares subjects by the clauses about the one it is stored for', async () => {
    const [kiln] = await database.db
      .insert(competitors)
      .values({ brandId: reader.id, userId: reader.userId, name: 'Kiln' })
      .returning();
    const text = "Read Co's mugs chipped in the post, Kiln packed theirs far better";
    // the brand's discovery and the competitor's are runs of their own, each storing the post once
    const forBrand = await keepNewInsights(
      { db: database.db, ai: null },
      reader,
      [candidate(text, 0, { externalId: 'post-1', dedupeScope: 'brand' })],
      { since: new Date() },
    );
    const forKiln = await keepNewInsights(
      { db: database.db, ai: null },
      reader,
      [candidate(text, 0, { externalId: 'post-1', dedupeScope: 'kiln', competitorId: kiln!.id })],
      { since: new Date() },
    );
    const outcome = { added: [...forBrand.added, ...forKiln.added] };
    const stored = outcome.added.filter((row) => row.content === text);
    expect(stored).toHaveLength(2);
    expect(stored.find((row) => row.competitorId === null)?.sentiment).toBe('negative');
    expect(stored.find((row) => row.competitorId === kiln!.id)?.sentiment).toBe('positive');
    // the stored text stays whole: only its reading is per subject
    for (const row of stored) expect(row.content).toBe(text);
  });
});
