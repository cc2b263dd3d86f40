/**
 * The last steps of a discovery or import: leave out what is already stored, keep what the plan
 * has room for, analyse the rest and store it. Items already stored are found by their dedupe key
 * before any analysis, so a second run costs a lookup, not an analysis of every item again.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { and, eq, inArray } from 'drizzle-orm';
import type { AiLogger, AiWriter } from '../../ai/provider.ts';
import { clausesAbout } from '../../analysis/sentiment/subject-clauses.ts';
import type { Database } from '../../db/client.ts';
import { brands, competitors, consumerInsights, users } from '../../db/schema/index.ts';
import { insightRoomOf } from '../billing/plan-limits.ts';
import { type AnalysedText, analyseInsightText, genreOf } from '../insights/analyse-insight.ts';
import type { InsightRow } from '../insights/insight-dto.ts';
import { contentHashOf, dedupeKeyOf, type NewInsight, storeInsights } from '../insights/store-insights.ts';

/** An item found in a source or a file, not yet analysed. `origin` groups counts (a source's index). */
export type Candidate = Omit<NewInsight, 'analysis' | 'deduplicate'> & {
  origin: number;
  /** the item's headline, when it has one apart from its text: relevance is scored on it */
  headline?: string | null;
};

export type OriginTally = { added: number; duplicates: number; notKeptForPlan: number };

export type KeepOutcome = {
  /** rows this run added, including rows an interrupted earlier attempt of it added */
  added: InsightRow[];
  duplicates: number;
  notKeptForPlan: number;
  byOrigin: Map<number, OriginTally>;
};

export type KeepDeps = {
  db: Database;
  ai: AiWriter | null;
  logger?: AiLogger;
  signal?: AbortSignal;
  /** default AI_REFINEMENT_BUDGET_MS */
  aiBudgetMs?: number;
};

export type KeepHooks = {
  /** when the run began: rows with its keys stored since then are this run's own (a retried attempt) */
  since: Date;
  onAnalysed?: (done: number, total: number) => Promise<void>;
  onStored?: (done: number, total: number) => Promise<void>;
};

const LOOKUP_CHUNK = 1000;
const STORE_BATCH = 500;
/** Items analysed between yields, so a long run never holds the event loop (HTTP, heartbeats). */
const YIELD_EVERY = 25;
/**
 * How long a run may spend asking the language model to refine items, one call per item. After
 * that the rest are analysed by the local engine alone (and say so: analysedBy 'local'), so a
 * 50,000-row import finishes within its job's time limit instead of being retried for ever.
 */
export const AI_REFINEMENT_BUDGET_MS = 5 * 60_000;

type Keyed = Candidate & { key: string };

function tallyOf(outcome: KeepOutcome, origin: number): OriginTally {
  let tally = outcome.byOrigin.get(origin);
  if (!tally) {
    tally = { added: 0, duplicates: 0, notKeptForPlan: 0 };
    outcome.byOrigin.set(origin, tally);
  }
  return tally;
}

/** One item per key and per text: the same review twice in a run (two pages, two markups) is one. */
function distinct(candidates: readonly Candidate[], outcome: KeepOutcome): Keyed[] {
  const keys = new Set<string>();
  const texts = new Set<string>();
  const kept: Keyed[] = [];
  for (const candidate of candidates) {
    const key = dedupeKeyOf({ ...candidate, deduplicate: true }) as string;
    const text = contentHashOf(candidate.content);
    if (keys.has(key) || texts.has(text)) {
      tallyOf(outcome, candidate.origin).duplicates++;
      outcome.duplicates++;
      continue;
    }
    keys.add(key);
    texts.add(text);
    kept.push({ ...candidate, key });
  }
  return kept;
}

async function storedWithKeys(db: Database, brandId: string, keys: string[]) {
  const found = new Map<string, InsightRow>();
  for (let start = 0; start < keys.length; start += LOOKUP_CHUNK) {
    const rows = await db
      .select()
      .from(consumerInsights)
      .where(
        and(
          eq(consumerInsights.brandId, brandId),
          inArray(consumerInsights.dedupeKey, keys.slice(start, start + LOOKUP_CHUNK)),
        ),
      );
    for (const row of rows) if (row.dedupeKey) found.set(row.dedupeKey, row);
  }
  return found;
}

/**
 * Stores one batch under the owner's row lock, cut to the plan's room at that moment: a discovery
 * and an import running together cannot take an account past its allowance.
 */
async function storeWithinRoom(
  db: Database,
  brand: { id: string; userId: string },
  batch: NewInsight[],
  logger?: AiLogger,
) {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, brand.userId)).for('update');
    const { room } = await insightRoomOf(tx as unknown as Database, brand.userId);
    const fitting = room === null ? batch : batch.slice(0, room);
    const skipped = new Set<string>();
    const rows =
      fitting.length > 0
        ? await storeInsights(tx as unknown as Database, brand, fitting, ({ item, reason }) => {
            skipped.add(dedupeKeyOf(item) ?? '');
            logger?.error(
              { brandId: brand.id, sourceId: item.sourceId, externalId: item.externalId, reason },
              'an insight could not be stored and was skipped; the others were kept',
            );
          })
        : [];
    return { rows, tried: fitting.length, skipped };
  });
}

/**
 * What of an item's text its sentiment is read from: where it names its subject (the brand, or the
 * competitor it is stored for) and another of the brand's subjects too, the clauses about its own.
 */
async function subjectTexts(db: Database, brandId: string): Promise<(item: Candidate) => string> {
  const [brand] = await db.select({ name: brands.name }).from(brands).where(eq(brands.id, brandId));
  const rivals = await db
    .select({ id: competitors.id, name: competitors.name })
    .from(competitors)
    .where(eq(competitors.brandId, brandId));
  const names = new Map<string | null, string>([
    [null, brand?.name ?? ''],
    ...rivals.map((row) => [row.id, row.name] as const),
  ]);
  return (item) => {
    const own = names.get(item.competitorId ?? null);
    if (!own) return item.content;
    const others = [...names].filter(([id]) => id !== (item.competitorId ?? null)).map(([, name]) => name);
    return clausesAbout(item.content, { own: [own], others }) ?? item.content;
  };
}

export async function keepNewInsights(
  deps: KeepDeps,
  brand: { id: string; userId: string },
  candidates: readonly Candidate[],
  hooks: KeepHooks,
): Promise<KeepOutcome> {
  const outcome: KeepOutcome = { added: [], duplicates: 0, notKeptForPlan: 0, byOrigin: new Map() };
  const keyed = distinct(candidates, outcome);
  const stored = await storedWithKeys(
    deps.db,
    brand.id,
    keyed.map((item) => item.key),
  );
  const fresh: Keyed[] = [];
  for (const item of keyed) {
    const row = stored.get(item.key);
    if (!row) fresh.push(item);
    else if (row.createdAt.getTime() >= hooks.since.getTime()) {
      outcome.added.push(row);
      tallyOf(outcome, item.origin).added++;
    } else {
      outcome.duplicates++;
      tallyOf(outcome, item.origin).duplicates++;
    }
  }

  // Only what the plan has room for is analysed; the rest is counted, not kept.
  const { room } = await insightRoomOf(deps.db, brand.userId);
  const toKeep = room === null ? fresh : fresh.slice(0, room);
  const countNotKept = (items: readonly Keyed[]) => {
    for (const item of items) tallyOf(outcome, item.origin).notKeptForPlan++;
    outcome.notKeptForPlan += items.length;
  };
  countNotKept(fresh.slice(toKeep.length));

  const textAbout = await subjectTexts(deps.db, brand.id);
  const analysed: { item: Keyed; analysis: AnalysedText }[] = [];
  const aiUntil = Date.now() + (deps.aiBudgetMs ?? AI_REFINEMENT_BUDGET_MS);
  for (const [index, item] of toKeep.entries()) {
    const ai = deps.ai && Date.now() < aiUntil ? deps.ai : null;
    const analysis = await analyseInsightText(textAbout(item), {
      ai,
      logger: deps.logger,
      signal: deps.signal,
      rating: item.rating,
      genre: genreOf(item),
    });
    analysed.push({ item, analysis });
    if ((index + 1) % YIELD_EVERY === 0) {
      deps.signal?.throwIfAborted();
      await yieldToEventLoop();
      await hooks.onAnalysed?.(index + 1, toKeep.length);
    }
  }
  await hooks.onAnalysed?.(toKeep.length, toKeep.length);

  const originOfKey = new Map(toKeep.map((item) => [item.key, item.origin]));
  for (let start = 0; start < analysed.length; start += STORE_BATCH) {
    deps.signal?.throwIfAborted();
    const batch = analysed.slice(start, start + STORE_BATCH);
    const { rows, tried, skipped } = await storeWithinRoom(
      deps.db,
      brand,
      batch.map(({ item: { origin: _origin, key: _key, headline: _headline, ...item }, analysis }) => ({
        ...item,
        analysis,
        deduplicate: true,
      })),
      deps.logger,
    );
    countNotKept(batch.slice(tried).map(({ item }) => item));
    const addedKeys = new Set<string>();
    for (const row of rows) {
      outcome.added.push(row);
      addedKeys.add(row.dedupeKey ?? '');
      tallyOf(outcome, originOfKey.get(row.dedupeKey ?? '') ?? 0).added++;
    }
    // A row another run stored in the meantime is a duplicate, not an addition.
    for (const { item } of batch.slice(0, tried)) {
      // A refused row was logged by storeWithinRoom: neither added nor a duplicate.
      if (addedKeys.has(item.key) || skipped.has(item.key)) continue;
      outcome.duplicates++;
      tallyOf(outcome, item.origin).duplicates++;
    }
    await hooks.onStored?.(Math.min(start + STORE_BATCH, analysed.length), analysed.length);
  }
  return outcome;
}
