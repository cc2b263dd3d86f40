/**
 * A competitor's discovery: the review markup of the competitor's own website and the feeds added
 * for that competitor, read like the brand's sources, and every new item stored with the
 * competitor's id in `consumer_insights.competitorId`.
 *
 * SPEC §3 recognises competitor insights by a marker tag inside the content. Here the marker is
 * that column instead: the content stays the reviewer's own words, unaltered (a tag pushed into
 * them would be quoted back in reports, e-mails and exports as if the person had written it, and
 * would change the text's hash and its sentiment features), and the filter is an indexed lookup
 * that cannot be fooled by a review that happens to contain the tag.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { TCompetitorDiscoveryResult } from '../../../shared/schemas/insight-sources.ts';
import { noCompetitorSourcesMessage } from '../../../shared/schemas/insight-sources.ts';
import { brands, competitors, insightSources } from '../../db/schema/index.ts';
import { mentionSourcesFor } from '../../integrations/mention-sources/registry.ts';
import { finishMentionRun, readMentionsForRun } from '../mention-discovery/mention-run.ts';
import { competitorMentionSubject } from '../mention-discovery/mention-subject.ts';
import { hasRunnableMentionSource } from '../mention-discovery/read-mention-sources.ts';
import { completeTask, failTask, progressReporter, share, type TaskRow } from '../tasks/task-progress.ts';
import { keepNewInsights } from './keep-new-insights.ts';
import type { SourceRow } from './read-source.ts';
import {
  type DiscoveryDeps,
  failureOf,
  type RunOutcome,
  readAll,
  readRanges,
  recordSources,
  resultOf,
  STAGE,
} from './run-discovery.ts';
import { rescoreInsights, withRelevance } from './score-candidates.ts';

export async function runCompetitorDiscovery(
  deps: DiscoveryDeps,
  task: TaskRow,
  signal?: AbortSignal,
): Promise<RunOutcome> {
  const { db } = deps;
  // The task was created for this competitor after the actor's access was checked.
  const [competitor] = await db
    .select()
    .from(competitors)
    .where(eq(competitors.id, task.subjectId as string));
  const [brand] = competitor ? await db.select().from(brands).where(eq(brands.id, competitor.brandId)) : [];
  if (!competitor || !brand) {
    await failTask(db, task.id, 'The competitor was deleted before its discovery ran.');
    return 'failed';
  }
  const progress = progressReporter(db, task.id);
  const feeds = await db
    .select()
    .from(insightSources)
    .where(and(eq(insightSources.competitorId, competitor.id), eq(insightSources.userId, competitor.userId)))
    .orderBy(asc(insightSources.createdAt));
  const hasSiteSource = feeds.some((source) => source.kind === 'site_reviews' && source.url === competitor.website);
  // The competitor's own website is read without a source row: it is part of the competitor.
  const website: SourceRow[] =
    competitor.website && !hasSiteSource
      ? [
          {
            id: competitor.id,
            brandId: brand.id,
            userId: competitor.userId,
            competitorId: competitor.id,
            kind: 'site_reviews',
            category: null,
            url: competitor.website,
            title: competitor.name,
            status: 'active',
            lastError: null,
            lastCheckedAt: null,
            itemsAdded: 0,
            createdAt: competitor.createdAt,
          },
        ]
      : [];
  const sources = [...website, ...feeds];
  const subject = competitorMentionSubject(competitor, brand);
  await progress(`Preparing: ${sources.length} ${sources.length === 1 ? 'source' : 'sources'} to read`, STAGE.prepare);
  if (sources.length === 0 && !(await hasRunnableMentionSource(deps, subject))) {
    await failTask(db, task.id, noCompetitorSourcesMessage(competitor.name));
    return 'failed';
  }

  const ranges = readRanges(sources.length, (deps.mentionSources ?? mentionSourcesFor(deps.config)).length);
  const { outcomes, candidates, titles } = await readAll(deps, sources, progress, signal, ranges.added);
  const mentionRun = await readMentionsForRun(
    deps,
    subject,
    progress,
    { ...ranges.byName, originBase: sources.length },
    signal,
  );
  await rescoreInsights(db, brand.id, subject.relevance, competitor.id);
  const aboutCompetitor = [
    ...withRelevance(subject.relevance, sources, candidates).map((candidate) => ({
      ...candidate,
      competitorId: competitor.id,
      // the website has no source row to point at
      sourceId: website.length > 0 && candidate.origin === 0 ? null : candidate.sourceId,
    })),
    ...mentionRun.candidates,
  ];
  await progress(`Finding new items among ${aboutCompetitor.length}`, STAGE.find);
  const kept = await keepNewInsights({ db, ai: deps.ai, logger: deps.logger, signal }, brand, aboutCompetitor, {
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
  const found = resultOf(brand.id, outcomes, kept);
  const result: TCompetitorDiscoveryResult = {
    ...found,
    insights: found.insights.map((insight) => ({ ...insight, competitorName: competitor.name })),
    competitorId: competitor.id,
    competitorName: competitor.name,
  };
  signal?.throwIfAborted();
  await recordSources(db, feeds, result.sources.slice(website.length), titles.slice(website.length));
  result.mentionSources = await finishMentionRun(deps, subject, mentionRun, kept);

  const failure = failureOf(outcomes, result.mentionSources);
  if (failure) {
    await failTask(db, task.id, failure, result);
    return 'failed';
  }
  await completeTask(db, task.id, result);
  return 'completed';
}
