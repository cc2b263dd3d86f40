/**
 * The mention sources' part of a discovery run (brand or competitor): read them, leave out
 * syndicated copies, and after the items are kept, count per source what was added and record
 * each source's health.
 */
import type { TMentionSourceOutcome } from '../../../shared/schemas/mention-sources.ts';
import type { Candidate, KeepOutcome } from '../insight-sources/keep-new-insights.ts';
import type { ProgressReporter } from '../tasks/task-progress.ts';
import { withoutSyndicatedCopies } from './mention-candidates.ts';
import type { MentionSubject } from './mention-subject.ts';
import { type MentionReadDeps, readMentionSources } from './read-mention-sources.ts';
import { recordHealth } from './source-settings.ts';

export type MentionRun = {
  outcomes: TMentionSourceOutcome[];
  candidates: Candidate[];
  originBase: number;
  duplicatesByOrigin: Map<number, number>;
  startedAt: Date;
};

export async function readMentionsForRun(
  deps: MentionReadDeps,
  subject: MentionSubject,
  progress: ProgressReporter,
  range: { from: number; to: number; originBase: number },
  signal?: AbortSignal,
): Promise<MentionRun> {
  const startedAt = new Date();
  const reading = await readMentionSources(deps, subject, progress, range, signal);
  const { kept, duplicatesByOrigin } = await withoutSyndicatedCopies(deps.db, subject, reading.candidates);
  return {
    outcomes: reading.outcomes,
    candidates: kept,
    originBase: reading.originBase,
    duplicatesByOrigin,
    startedAt,
  };
}

/** Each source's counts from what was kept, then its health stored. */
export async function finishMentionRun(
  deps: MentionReadDeps,
  subject: MentionSubject,
  run: MentionRun,
  kept: KeepOutcome,
) {
  for (const [index, outcome] of run.outcomes.entries()) {
    const origin = run.originBase + index;
    const tally = kept.byOrigin.get(origin);
    outcome.added = tally?.added ?? 0;
    outcome.notKeptForPlan = tally?.notKeptForPlan ?? 0;
    outcome.duplicates = (tally?.duplicates ?? 0) + (run.duplicatesByOrigin.get(origin) ?? 0);
  }
  await recordHealth(deps.db, subject, run.outcomes, run.startedAt);
  return run.outcomes;
}

/** The sources that tried to read this run (not off, unavailable or waiting for a setting). */
export const triedMentionSources = (outcomes: readonly TMentionSourceOutcome[]) =>
  outcomes.filter((outcome) => outcome.status === 'read' || outcome.status === 'failed');
