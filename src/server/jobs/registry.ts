import type { JobDefinition, JobDependencies, JobHandler } from './define-job.ts';
import { ADVANCE_DEMO_BILLING_CRON, advanceDemoBilling } from './definitions/advance-demo-billing.ts';
import { buildAccountExportJob } from './definitions/build-account-export.ts';
import { CHECK_AD_CHANGES_CRON, checkAdChanges } from './definitions/check-ad-changes.ts';
import { checkLandingPagesJob } from './definitions/check-landing-pages.ts';
import { discoverAdsJob } from './definitions/discover-ads.ts';
import { discoverInsightsJob } from './definitions/discover-insights.ts';
import { DISCOVER_MENTIONS_DAILY_CRON, discoverMentionsDaily } from './definitions/discover-mentions-daily.ts';
import { discoverTikTokAdsJob } from './definitions/discover-tiktok-ads.ts';
import { FAIL_STALE_AUDITS_CRON, failStaleAudits } from './definitions/fail-stale-audits.ts';
import { FAIL_STALE_EMAILS_CRON, failStaleEmails } from './definitions/fail-stale-emails.ts';
import { FAIL_STALE_INSIGHT_TASKS_CRON, failStaleInsightTasks } from './definitions/fail-stale-insight-tasks.ts';
import { importInsightsCsvJob } from './definitions/import-insights-csv.ts';
import { PURGE_ACCOUNT_EXPORTS_CRON, purgeAccountExports } from './definitions/purge-account-exports.ts';
import { PURGE_EXPIRED_SESSIONS_CRON, purgeExpiredSessions } from './definitions/purge-expired-sessions.ts';
import { RECHECK_LANDING_PAGES_CRON, recheckLandingPages } from './definitions/recheck-landing-pages.ts';
import { runAuditJob } from './definitions/run-audit.ts';
import {
  DUE_REPORTS_CHECK_SECONDS,
  DUE_REPORTS_POLLING_SECONDS,
  SEND_DUE_EMAIL_REPORTS_CRON,
  sendDueEmailReports,
} from './definitions/send-due-email-reports.ts';
import { SEND_EMAIL_WORK, sendEmailJob } from './definitions/send-email.ts';
import { SEND_WEEKLY_DIGESTS_CRON, sendWeeklyDigests } from './definitions/send-weekly-digests.ts';
import { TRACK_BRANDS_MONTHLY_CRON, trackBrandsMonthly } from './definitions/track-brands-monthly.ts';
import { WATCH_COMPETITOR_PAGES_CRON, watchCompetitorPages } from './definitions/watch-competitor-pages.ts';
import { writeReportWordingJob } from './definitions/write-report-wording.ts';
import type { JobQueue } from './queue.ts';

/**
 * A handler whose module (and what it brings: the crawler, PDF and e-mail rendering, CSV and ZIP
 * libraries) loads when its first job runs, not when the process starts: a web process that also
 * works jobs holds only the code of the jobs it has run.
 */
function lazyHandler<D extends JobDefinition>(load: () => Promise<JobHandler<D>>): JobHandler<D> {
  let handler: Promise<JobHandler<D>> | undefined;
  return async (payload, context) => {
    handler ??= load().catch((error: unknown) => {
      handler = undefined;
      throw error;
    });
    return (await handler)(payload, context);
  };
}

/**
 * Wires every job definition to its handler and sets up the recurring schedules.
 * Add a job here: its definition (definitions/<job>.ts), its handler (<job>.handler.ts, loaded at its first job), one entry below.
 * Works before or after queue.start(): the queue applies it when it starts.
 */
export async function registerJobs(queue: JobQueue, deps: JobDependencies): Promise<void> {
  await queue.work(
    purgeExpiredSessions,
    lazyHandler(async () =>
      (await import('./definitions/purge-expired-sessions.handler.ts')).createPurgeExpiredSessionsHandler(deps),
    ),
  );
  await queue.schedule(purgeExpiredSessions, PURGE_EXPIRED_SESSIONS_CRON, {});
  await queue.work(
    runAuditJob,
    lazyHandler(async () => (await import('./definitions/run-audit.handler.ts')).createRunAuditHandler(deps, queue)),
    { concurrency: 2 },
  );
  await queue.work(
    failStaleAudits,
    lazyHandler(async () =>
      (await import('./definitions/fail-stale-audits.handler.ts')).createFailStaleAuditsHandler(deps),
    ),
  );
  await queue.schedule(failStaleAudits, FAIL_STALE_AUDITS_CRON, {});
  await queue.work(
    discoverInsightsJob,
    lazyHandler(async () =>
      (await import('./definitions/discover-insights.handler.ts')).createDiscoverInsightsHandler(deps, queue),
    ),
    { concurrency: 2 },
  );
  await queue.work(
    discoverMentionsDaily,
    lazyHandler(async () =>
      (await import('./definitions/discover-mentions-daily.handler.ts')).createDiscoverMentionsDailyHandler(
        deps,
        queue,
      ),
    ),
  );
  await queue.schedule(discoverMentionsDaily, DISCOVER_MENTIONS_DAILY_CRON, {});
  await queue.work(
    importInsightsCsvJob,
    lazyHandler(async () =>
      (await import('./definitions/import-insights-csv.handler.ts')).createImportInsightsCsvHandler(deps),
    ),
  );
  await queue.work(
    failStaleInsightTasks,
    lazyHandler(async () =>
      (await import('./definitions/fail-stale-insight-tasks.handler.ts')).createFailStaleInsightTasksHandler(deps),
    ),
  );
  await queue.schedule(failStaleInsightTasks, FAIL_STALE_INSIGHT_TASKS_CRON, {});
  await queue.work(
    sendEmailJob,
    lazyHandler(async () => (await import('./definitions/send-email.handler.ts')).createSendEmailHandler(deps)),
    SEND_EMAIL_WORK,
  );
  await queue.work(
    failStaleEmails,
    lazyHandler(async () =>
      (await import('./definitions/fail-stale-emails.handler.ts')).createFailStaleEmailsHandler(deps),
    ),
  );
  await queue.schedule(failStaleEmails, FAIL_STALE_EMAILS_CRON, {});
  await queue.work(
    writeReportWordingJob,
    lazyHandler(async () =>
      (await import('./definitions/write-report-wording.handler.ts')).createWriteReportWordingHandler(deps),
    ),
  );
  await queue.work(
    watchCompetitorPages,
    lazyHandler(async () =>
      (await import('./definitions/watch-competitor-pages.handler.ts')).createWatchCompetitorPagesHandler(deps),
    ),
  );
  await queue.schedule(watchCompetitorPages, WATCH_COMPETITOR_PAGES_CRON, {});
  await queue.work(
    discoverAdsJob,
    lazyHandler(async () =>
      (await import('./definitions/discover-ads.handler.ts')).createDiscoverAdsHandler(deps, queue),
    ),
    { concurrency: 2 },
  );
  await queue.work(
    discoverTikTokAdsJob,
    lazyHandler(async () =>
      (await import('./definitions/discover-tiktok-ads.handler.ts')).createDiscoverTikTokAdsHandler(deps),
    ),
  );
  await queue.work(
    checkLandingPagesJob,
    lazyHandler(async () =>
      (await import('./definitions/check-landing-pages.handler.ts')).createCheckLandingPagesHandler(deps),
    ),
  );
  await queue.work(
    recheckLandingPages,
    lazyHandler(async () =>
      (await import('./definitions/recheck-landing-pages.handler.ts')).createRecheckLandingPagesHandler(deps, queue),
    ),
  );
  await queue.schedule(recheckLandingPages, RECHECK_LANDING_PAGES_CRON, {});
  await queue.work(
    checkAdChanges,
    lazyHandler(async () =>
      (await import('./definitions/check-ad-changes.handler.ts')).createCheckAdChangesHandler(deps, queue),
    ),
  );
  await queue.schedule(checkAdChanges, CHECK_AD_CHANGES_CRON, {});
  await queue.work(
    sendWeeklyDigests,
    lazyHandler(async () =>
      (await import('./definitions/send-weekly-digests.handler.ts')).createSendWeeklyDigestsHandler(deps, queue),
    ),
  );
  await queue.schedule(sendWeeklyDigests, SEND_WEEKLY_DIGESTS_CRON, {});
  await queue.work(
    sendDueEmailReports,
    lazyHandler(async () =>
      (await import('./definitions/send-due-email-reports.handler.ts')).createSendDueEmailReportsHandler(deps, queue),
    ),
    { pollingIntervalSeconds: DUE_REPORTS_POLLING_SECONDS },
  );
  // Every few seconds from every process that works jobs (the queue keeps one at a time); the
  // minute's cron stays as a backstop.
  await queue.repeat(sendDueEmailReports, {}, { everySeconds: DUE_REPORTS_CHECK_SECONDS });
  await queue.schedule(sendDueEmailReports, SEND_DUE_EMAIL_REPORTS_CRON, {});
  await queue.work(
    buildAccountExportJob,
    lazyHandler(async () =>
      (await import('./definitions/build-account-export.handler.ts')).createBuildAccountExportHandler(deps),
    ),
  );
  await queue.work(
    purgeAccountExports,
    lazyHandler(async () =>
      (await import('./definitions/purge-account-exports.handler.ts')).createPurgeAccountExportsHandler(deps),
    ),
  );
  await queue.schedule(purgeAccountExports, PURGE_ACCOUNT_EXPORTS_CRON, {});
  await queue.work(
    trackBrandsMonthly,
    lazyHandler(async () =>
      (await import('./definitions/track-brands-monthly.handler.ts')).createTrackBrandsMonthlyHandler(deps, queue),
    ),
  );
  await queue.schedule(trackBrandsMonthly, TRACK_BRANDS_MONTHLY_CRON, {});
  if (deps.config.billing.mode === 'demo' && !deps.config.isProduction) {
    await queue.work(
      advanceDemoBilling,
      lazyHandler(async () =>
        (await import('./definitions/advance-demo-billing.handler.ts')).createAdvanceDemoBillingHandler(deps, queue),
      ),
    );
    await queue.schedule(advanceDemoBilling, ADVANCE_DEMO_BILLING_CRON, {});
  }
}
