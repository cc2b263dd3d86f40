/**
 * The rest of a run's life, done by the same minute's send job so that nothing depends on the
 * process that claimed it staying alive:
 * - a run left 'preparing' (its claimer, or a 'send to recipients now' request, stopped before
 *   queueing, or its fresh analysis is done or out of time) has its messages queued;
 * - a 'queued' run whose messages have all been sent or failed for good is marked sent or failed,
 *   and its report's last attempt records the failure ('last attempt failed: ...') or clears it
 *   (a preview's outcome stays the preview's own).
 */
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { emailReportRuns, emailReports, outboxMessages } from '../../db/schema/index.ts';
import { type ClaimDeps, queueRunEmails } from './claim-due-reports.ts';
import { SCHEDULED_REPORT_EMAIL_KIND } from './compose-scheduled-report.ts';
import { FRESH_ANALYSIS_TIMEOUT_MS, freshAnalysisFinished, freshAnalysisTimedOutNote } from './fresh-analysis.ts';
import type { SendReportsDeps } from './send-deps.ts';

/** Time the claiming process has to queue a run's messages before another one does it. */
export const CLAIMER_GRACE_MS = 60 * 1000;
/** Time the claiming process has to start a fresh analysis before the run is sent with what exists. */
export const PREPARER_GRACE_MS = 10 * 60 * 1000;

/** Queues the runs still 'preparing' that are ready to go (or whose claimer gave up). */
export async function finishPreparingRuns(deps: ClaimDeps, now: Date): Promise<number> {
  const rows = await deps.db
    .select({ run: emailReportRuns, report: emailReports })
    .from(emailReportRuns)
    .innerJoin(emailReports, eq(emailReports.id, emailReportRuns.emailReportId))
    .where(
      and(
        eq(emailReportRuns.status, 'preparing'),
        inArray(emailReportRuns.kind, ['scheduled', 'manual']),
        lt(emailReportRuns.createdAt, new Date(now.getTime() - CLAIMER_GRACE_MS)),
      ),
    );
  let finished = 0;
  for (const { run, report } of rows) {
    const age = now.getTime() - run.createdAt.getTime();
    if (run.kind === 'scheduled' && report.runFreshAnalysis) {
      // prepareFreshAnalysis touches the run when every audit has been started
      const prepared = run.updatedAt.getTime() > run.createdAt.getTime() || age >= PREPARER_GRACE_MS;
      const timedOut = age >= FRESH_ANALYSIS_TIMEOUT_MS;
      if (!prepared) continue;
      const done = await freshAnalysisFinished(deps.db, report);
      if (!done && !timedOut) continue;
      if (!done) {
        await deps.db
          .update(emailReportRuns)
          .set({ error: freshAnalysisTimedOutNote })
          .where(eq(emailReportRuns.id, run.id));
        run.error = freshAnalysisTimedOutNote;
      }
    }
    try {
      await queueRunEmails(deps, report, run);
      finished++;
    } catch (error) {
      deps.logger.error(
        { err: error, runId: run.id },
        'a prepared report could not be queued; the next minute retries',
      );
    }
  }
  return finished;
}

/** Marks the queued runs whose messages are all done, and records the outcome on their reports. */
export async function settleQueuedRuns(deps: SendReportsDeps, now: Date): Promise<number> {
  const queuedRuns = await deps.db
    .select({ id: emailReportRuns.id, createdAt: emailReportRuns.createdAt })
    .from(emailReportRuns)
    .where(eq(emailReportRuns.status, 'queued'));
  if (queuedRuns.length === 0) return 0;
  const since = new Date(Math.min(...queuedRuns.map((run) => run.createdAt.getTime())));
  const runId = sql<string>`${outboxMessages.params}->>'runId'`;
  const outcomes = await deps.db
    .select({
      runId,
      open: sql<number>`count(*) filter (where ${outboxMessages.status} in ('queued', 'sending'))`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${outboxMessages.status} = 'failed')`.mapWith(Number),
      error: sql<string | null>`max(${outboxMessages.lastError}) filter (where ${outboxMessages.status} = 'failed')`,
    })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.kind, SCHEDULED_REPORT_EMAIL_KIND),
        gte(outboxMessages.createdAt, since),
        inArray(
          runId,
          queuedRuns.map((run) => run.id),
        ),
      ),
    )
    .groupBy(sql`1`);
  let settled = 0;
  for (const outcome of outcomes) {
    if (outcome.open > 0) continue;
    const failed = outcome.failed > 0;
    const error = failed ? (outcome.error ?? 'The message could not be sent') : null;
    await deps.db.transaction(async (tx) => {
      const [run] = await tx
        .update(emailReportRuns)
        .set({ status: failed ? 'failed' : 'sent', error })
        .where(and(eq(emailReportRuns.id, outcome.runId), eq(emailReportRuns.status, 'queued')))
        .returning();
      // A preview is not part of the report's history: its outcome is the preview's alone.
      if (!run || run.kind === 'preview') return;
      await tx
        .update(emailReports)
        .set(failed ? { lastAttemptAt: now, lastError: error } : { lastError: null })
        .where(eq(emailReports.id, run.emailReportId));
    });
    settled++;
  }
  return settled;
}
