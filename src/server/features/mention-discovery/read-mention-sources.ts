/**
 * Reads every mention source for a brand or competitor, one after another: a source that is off,
 * not available on this server or missing what it needs is reported as such; one that fails is
 * marked failed with its reason and the others still run. Progress moves through the share of
 * the read stage it is given, source by source, with the count found so far.
 */
import type { TMentionSourceOutcome } from '../../../shared/schemas/mention-sources.ts';
import type { AiLogger } from '../../ai/provider.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { ServiceError } from '../../integrations/http/fetch-service.ts';
import type { MentionQuery, MentionSource } from '../../integrations/mention-sources/mention-source.ts';
import { mentionSourcesFor } from '../../integrations/mention-sources/registry.ts';
import type { Candidate } from '../insight-sources/keep-new-insights.ts';
import type { ProgressReporter } from '../tasks/task-progress.ts';
import { candidatesOf } from './mention-candidates.ts';
import { type MentionSubject, mentionQueryOf, sinceOf } from './mention-subject.ts';
import { DEFAULT_SETTINGS, settingsOf } from './source-settings.ts';

export type MentionReadDeps = {
  db: Database;
  config: Config;
  logger: AiLogger;
  /** the sources to read; the registry's when absent (tests and the bench pass their own) */
  mentionSources?: MentionSource[];
};

export type MentionReading = {
  outcomes: TMentionSourceOutcome[];
  candidates: Candidate[];
  /** candidate origin of each outcome: originBase + its index */
  originBase: number;
};

/** What a source needs before it can search, in words the user can act on; null when it has it. */
export function missingTargetOf(source: MentionSource, query: MentionQuery): string | null {
  if (source.kind === 'apple_app_store' && query.targets.appleAppIds.length === 0) {
    return 'Add your app’s App Store id to read its reviews.';
  }
  if (source.kind === 'google_places' && query.targets.googlePlaceIds.length === 0) {
    return 'Choose your place on Google Maps to read its reviews.';
  }
  return null;
}

const outcomeOf = (source: MentionSource): TMentionSourceOutcome => ({
  kind: source.kind,
  label: source.label,
  status: 'read',
  found: 0,
  added: 0,
  duplicates: 0,
  notKeptForPlan: 0,
  error: null,
  note: null,
});

/** Whether any source can search for this subject now: discovery needs no source added first then. */
export async function hasRunnableMentionSource(deps: MentionReadDeps, subject: MentionSubject): Promise<boolean> {
  const settings = await settingsOf(deps.db, subject);
  return (deps.mentionSources ?? mentionSourcesFor(deps.config)).some((source) => {
    const row = settings.get(source.kind) ?? DEFAULT_SETTINGS;
    const query = mentionQueryOf(subject, row, new Date());
    return row.enabled && source.availability().available && !missingTargetOf(source, query);
  });
}

export async function readMentionSources(
  deps: MentionReadDeps,
  subject: MentionSubject,
  progress: ProgressReporter,
  range: { from: number; to: number; originBase: number },
  signal?: AbortSignal,
): Promise<MentionReading> {
  const sources = deps.mentionSources ?? mentionSourcesFor(deps.config);
  const settings = await settingsOf(deps.db, subject);
  const outcomes: TMentionSourceOutcome[] = [];
  const candidates: Candidate[] = [];
  const now = new Date();
  const runnable: { source: MentionSource; outcome: TMentionSourceOutcome; query: MentionQuery; origin: number }[] = [];
  for (const [index, source] of sources.entries()) {
    const outcome = outcomeOf(source);
    outcomes.push(outcome);
    const row = settings.get(source.kind) ?? DEFAULT_SETTINGS;
    const availability = source.availability();
    const query = mentionQueryOf(subject, row, sinceOf(row.lastSuccessAt, now));
    const missing = missingTargetOf(source, query);
    if (!row.enabled) outcome.status = 'off';
    else if (!availability.available) [outcome.status, outcome.error] = ['unavailable', availability.reason];
    else if (missing) [outcome.status, outcome.error] = ['needs_setup', missing];
    if (outcome.status === 'read') runnable.push({ source, outcome, query, origin: range.originBase + index });
  }
  // Progress counts the sources that search: one off or not available here takes no step.
  const width = (range.to - range.from) / Math.max(1, runnable.length);
  for (const [index, { source, outcome, query, origin }] of runnable.entries()) {
    const from = range.from + width * index;
    // The source's name first: the reporter merges close updates of one step, named by its first word.
    const place = `(${index + 1} of ${runnable.length})`;
    await progress(`${source.label}: searching ${place}`, from);
    try {
      const result = await source.search(query, {
        signal,
        onProgress: (found) => progress(`${source.label}: ${found} found ${place}`, from + width * 0.9),
      });
      outcome.found = result.mentions.length;
      outcome.note = result.stoppedEarly;
      candidates.push(
        ...candidatesOf(
          source.kind,
          result.mentions,
          { ...subject.relevance, competitorId: subject.competitorId },
          origin,
        ),
      );
    } catch (error) {
      signal?.throwIfAborted();
      outcome.status = 'failed';
      if (error instanceof ServiceError) outcome.error = error.message;
      else {
        deps.logger.error({ err: error, kind: source.kind }, 'a mention source failed unexpectedly');
        outcome.error = `${source.label} could not be read because of an error on our side. It will be tried again next time.`;
      }
    }
  }
  return { outcomes, candidates, originBase: range.originBase };
}
