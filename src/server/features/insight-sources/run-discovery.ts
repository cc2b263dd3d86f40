/**
 * The discovery job's work: read each source of the brand (one that fails is marked failed with
 * its reason and the others still run), keep the new items (keep-new-insights.ts) and record the
 * outcome per source. Progress follows SPEC's stages (0, 10, 25, 45, 65, 80, 90, 100) and moves
 * inside each stage with the work done.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  DISCOVERY_RESULT_INSIGHTS,
  noInsightSourcesMessage,
  type TDiscoveryResult,
  type TSourceOutcome,
} from '../../../shared/schemas/insight-sources.ts';
import type { TMentionSourceOutcome } from '../../../shared/schemas/mention-sources.ts';
import type { AiLogger, AiWriter } from '../../ai/provider.ts';
import type { Resolver } from '../../analysis/fetch/safe-fetch.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { brands, insightSources } from '../../db/schema/index.ts';
import { SourceReadError } from '../../integrations/insight-sources/source-read-error.ts';
import type { MentionSource } from '../../integrations/mention-sources/mention-source.ts';
import { mentionSourcesFor } from '../../integrations/mention-sources/registry.ts';
import { toInsight } from '../insights/insight-dto.ts';
import { finishMentionRun, readMentionsForRun, triedMentionSources } from '../mention-discovery/mention-run.ts';
import { brandMentionSubject } from '../mention-discovery/mention-subject.ts';
import { hasRunnableMentionSource } from '../mention-discovery/read-mention-sources.ts';
import {
  completeTask,
  failTask,
  type ProgressReporter,
  progressReporter,
  share,
  type TaskRow,
} from '../tasks/task-progress.ts';
import { type Candidate, type KeepOutcome, keepNewInsights } from './keep-new-insights.ts';
import { readSource, type SourceRow } from './read-source.ts';
import { brandSubject, rescoreInsights, withRelevance } from './score-candidates.ts';

export type DiscoveryDeps = {
  db: Database;
  config: Config;
  ai: AiWriter | null;
  logger: AiLogger;
  crawlResolver?: Resolver;
  /** the mention sources found by name; the registry's when absent (the bench passes its own) */
  mentionSources?: MentionSource[];
};

export type RunOutcome = 'completed' | 'failed' | 'skipped';

export const STAGE = { prepare: 10, read: 25, find: 45, analyse: 65, store: 80, update: 90 } as const;

const sourceName = (source: SourceRow) => source.title || source.url;

export async function readAll(
  deps: DiscoveryDeps,
  sources: SourceRow[],
  progress: ProgressReporter,
  signal?: AbortSignal,
  range: { from: number; to: number } = { from: STAGE.read, to: STAGE.find },
): Promise<{ outcomes: TSourceOutcome[]; candidates: Candidate[]; titles: (string | null)[] }> {
  const outcomes: TSourceOutcome[] = [];
  const candidates: Candidate[] = [];
  const titles: (string | null)[] = [];
  const width = (range.to - range.from) / Math.max(1, sources.length);
  for (const [index, source] of sources.entries()) {
    const from = range.from + width * index;
    const label = `Reading ${sourceName(source)} (${index + 1} of ${sources.length})`;
    await progress(label, from);
    const outcome: TSourceOutcome = {
      sourceId: source.id,
      kind: source.kind,
      url: source.url,
      title: source.title,
      status: 'read',
      found: 0,
      added: 0,
      duplicates: 0,
      notKeptForPlan: 0,
      error: null,
      aggregateRatings: [],
    };
    try {
      const reading = await readSource(source, {
        allowLoopback: deps.config.crawlerAllowLoopback,
        resolver: deps.crawlResolver,
        signal,
        onPages: (fetched, found) =>
          progress(`${label}: ${fetched} of ${found} pages`, from + width * share(fetched, found)),
      });
      outcome.found = reading.candidates.length;
      outcome.aggregateRatings = reading.aggregates.slice(0, 20);
      outcome.title = reading.title ?? source.title;
      candidates.push(...reading.candidates.map((candidate) => ({ ...candidate, origin: index })));
      titles.push(reading.title);
    } catch (error) {
      signal?.throwIfAborted();
      outcome.status = 'failed';
      if (error instanceof SourceReadError) outcome.error = error.message;
      else {
        // Something unforeseen in this source's content must not stop the brand's other sources.
        deps.logger.error({ err: error, sourceId: source.id }, 'reading an insight source failed unexpectedly');
        outcome.error =
          'The source could not be read because of an error on our side. It will be tried again next time.';
      }
      titles.push(null);
    }
    outcomes.push(outcome);
  }
  return { outcomes, candidates, titles };
}

/** Each source's status, reason, time read and running count of insights added. */
export async function recordSources(
  db: Database,
  sources: SourceRow[],
  outcomes: TSourceOutcome[],
  titles: (string | null)[],
) {
  const now = new Date();
  for (const [index, source] of sources.entries()) {
    const outcome = outcomes[index]!;
    await db
      .update(insightSources)
      .set({
        status: outcome.status === 'read' ? 'active' : 'failed',
        lastError: outcome.error,
        lastCheckedAt: now,
        itemsAdded: sql`${insightSources.itemsAdded} + ${outcome.added}`,
        ...(titles[index] ? { title: titles[index]!.slice(0, 300) } : {}),
      })
      .where(eq(insightSources.id, source.id));
  }
}

export function resultOf(brandId: string, outcomes: TSourceOutcome[], kept: KeepOutcome): TDiscoveryResult {
  for (const [index, outcome] of outcomes.entries()) {
    const tally = kept.byOrigin.get(index);
    if (tally) Object.assign(outcome, tally);
  }
  const newestFirst = [...kept.added].sort((a, b) => b.collectedAt.getTime() - a.collectedAt.getTime());
  return {
    brandId,
    added: kept.added.length,
    duplicates: kept.duplicates,
    notKeptForPlan: kept.notKeptForPlan,
    notAboutSubject: kept.added.filter((row) => !row.isRelevant).length,
    sources: outcomes,
    insights: newestFirst.slice(0, DISCOVERY_RESULT_INSIGHTS).map((row) => toInsight(row)),
  };
}

/** The read stage split between added sources and sources found by name, by how many of each. */
export function readRanges(added: number, byName: number) {
  const split = STAGE.read + ((STAGE.find - STAGE.read) * added) / Math.max(1, added + byName);
  return { added: { from: STAGE.read, to: split }, byName: { from: split, to: STAGE.find } };
}

/** Whether the run read nothing: every source that tried failed, or none could try. */
export function failureOf(
  outcomes: readonly TSourceOutcome[],
  mentions: readonly TMentionSourceOutcome[],
): string | null {
  const tried = triedMentionSources(mentions);
  if (outcomes.some((outcome) => outcome.status === 'read') || tried.some((outcome) => outcome.status === 'read')) {
    return null;
  }
  const reasons = [
    ...outcomes.map((outcome) => `${outcome.title || outcome.url}: ${outcome.error}`),
    ...tried.map((outcome) => `${outcome.label}: ${outcome.error}`),
  ];
  return reasons.length > 0
    ? `No source could be read. ${reasons.join('; ')}`
    : 'No source could search: turn a source on, or give the ones that are on what they need, on the Sources card.';
}

/** Runs a brand's discovery task (opened by run-discovery-task.ts); safe to run again for the same task. */
export async function runBrandDiscovery(
  deps: DiscoveryDeps,
  task: TaskRow & { subjectId: string },
  signal?: AbortSignal,
): Promise<RunOutcome> {
  const { db } = deps;
  const taskId = task.id;
  const [brand] = await db.select().from(brands).where(eq(brands.id, task.subjectId));
  if (!brand) {
    await failTask(db, taskId, 'The brand was deleted before its discovery ran.');
    return 'failed';
  }
  const progress = progressReporter(db, taskId);
  const sources = await db
    .select()
    .from(insightSources)
    .where(and(eq(insightSources.brandId, brand.id), isNull(insightSources.competitorId)))
    .orderBy(asc(insightSources.createdAt));
  const subject = brandMentionSubject(brand);
  await progress(`Preparing: ${sources.length} ${sources.length === 1 ? 'source' : 'sources'} to read`, STAGE.prepare);
  if (sources.length === 0 && !(await hasRunnableMentionSource(deps, subject))) {
    await failTask(db, taskId, noInsightSourcesMessage(brand.name));
    return 'failed';
  }

  const byName = (deps.mentionSources ?? mentionSourcesFor(deps.config)).length;
  const ranges = readRanges(sources.length, byName);
  const { outcomes, candidates, titles } = await readAll(deps, sources, progress, signal, ranges.added);
  const mentionRun = await readMentionsForRun(
    deps,
    subject,
    progress,
    { ...ranges.byName, originBase: sources.length },
    signal,
  );
  const total = candidates.length + mentionRun.candidates.length;
  await progress(`Finding new items among ${total}`, STAGE.find);
  // Mentions stored before are scored again with the brand's current terms; flags stay.
  await rescoreInsights(db, brand.id, brandSubject(brand), null);
  const scored = [...withRelevance(brandSubject(brand), sources, candidates), ...mentionRun.candidates];
  const kept = await keepNewInsights({ db, ai: deps.ai, logger: deps.logger, signal }, brand, scored, {
    since: task.createdAt,
    onAnalysed: (done, total) =>
      progress(
        `Analysing ${done} of ${total} new items`,
        STAGE.analyse + (STAGE.store - STAGE.analyse) * share(done, total),
      ),
    onStored: (done, total) =>
      progress(`Storing ${done} of ${total} insights`, STAGE.store + (STAGE.update - STAGE.store) * share(done, total)),
  });
  await progress('Updating sources', STAGE.update);
  const result = resultOf(brand.id, outcomes, kept);
  signal?.throwIfAborted();
  await recordSources(db, sources, result.sources, titles);
  result.mentionSources = await finishMentionRun(deps, subject, mentionRun, kept);

  const failure = failureOf(outcomes, result.mentionSources);
  if (failure) {
    await failTask(db, taskId, failure, result);
    return 'failed';
  }
  await completeTask(db, taskId, result);
  return 'completed';
}
