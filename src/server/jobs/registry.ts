import type { JobDependencies } from './define-job.ts';
import { createAdvanceDemoBillingHandler } from './definitions/advance-demo-billing.handler.ts';
import { ADVANCE_DEMO_BILLING_CRON, advanceDemoBilling } from './definitions/advance-demo-billing.ts';
import { createBuildAccountExportHandler } from './definitions/build-account-export.handler.ts';
import { buildAccountExportJob } from './definitions/build-account-export.ts';
import { createCheckAdChangesHandler } from './definitions/check-ad-changes.handler.ts';
import { CHECK_AD_CHANGES_CRON, checkAdChanges } from './definitions/check-ad-changes.ts';
import { createCheckLandingPagesHandler } from './definitions/check-landing-pages.handler.ts';
import { checkLandingPagesJob } from './definitions/check-landing-pages.ts';
import { createDiscoverAdsHandler } from './definitions/discover-ads.handler.ts';
import { discoverAdsJob } from './definitions/discover-ads.ts';
import { createDiscoverInsightsHandler } from './definitions/discover-insights.handler.ts';
import { discoverInsightsJob } from './definitions/discover-insights.ts';
import { createDiscoverMentionsDailyHandler } from './definitions/discover-mentions-daily.handler.ts';
import { DISCOVER_MENTIONS_DAILY_CRON, discoverMentionsDaily } from './definitions/discover-mentions-daily.ts';
import { createDiscoverTikTokAdsHandler } from './definitions/discover-tiktok-ads.handler.ts';
import { discoverTikTokAdsJob } from './definitions/discover-tiktok-ads.ts';
import { createFailStaleAuditsHandler } from './definitions/fail-stale-audits.handler.ts';
import { FAIL_STALE_AUDITS_CRON, failStaleAudits } from './definitions/fail-stale-audits.ts';
import { createFailStaleEmailsHandler } from './definitions/fail-stale-emails.handler.ts';
import { FAIL_STALE_EMAILS_CRON, failStaleEmails } from './definitions/fail-stale-emails.ts';
import { createFailStaleInsightTasksHandler } from './definitions/fail-stale-insight-tasks.handler.ts';
import { FAIL_STALE_INSIGHT_TASKS_CRON, failStaleInsightTasks } from './definitions/fail-stale-insight-tasks.ts';
import { createImportInsightsCsvHandler } from './definitions/import-insights-csv.handler.ts';
import { importInsightsCsvJob } from './definitions/import-insights-csv.ts';
import { createPurgeAccountExportsHandler } from './definitions/purge-account-exports.handler.ts';
import { PURGE_ACCOUNT_EXPORTS_CRON, purgeAccountExports } from './definitions/purge-account-exports.ts';
import { createPurgeExpiredSessionsHandler } from './definitions/purge-expired-sessions.handler.ts';
import { PURGE_EXPIRED_SESSIONS_CRON, purgeExpiredSessions } from './definitions/purge-expired-sessions.ts';
import { createRecheckLandingPagesHandler } from './definitions/recheck-landing-pages.handler.ts';
import { RECHECK_LANDING_PAGES_CRON, recheckLandingPages } from './definitions/recheck-landing-pages.ts';
import { createRunAuditHandler } from './definitions/run-audit.handler.ts';
import { runAuditJob } from './definitions/run-audit.ts';
import { createSendDueEmailReportsHandler } from './definitions/send-due-email-reports.handler.ts';
import { SEND_DUE_EMAIL_REPORTS_CRON, sendDueEmailReports } from './definitions/send-due-email-reports.ts';
import { createSendEmailHandler } from './definitions/send-email.handler.ts';
import { sendEmailJob } from './definitions/send-email.ts';
import { createSendWeeklyDigestsHandler } from './definitions/send-weekly-digests.handler.ts';
import { SEND_WEEKLY_DIGESTS_CRON, sendWeeklyDigests } from './definitions/send-weekly-digests.ts';
import { createTrackBrandsMonthlyHandler } from './definitions/track-brands-monthly.handler.ts';
import { TRACK_BRANDS_MONTHLY_CRON, trackBrandsMonthly } from './definitions/track-brands-monthly.ts';
import { createWatchCompetitorPagesHandler } from './definitions/watch-competitor-pages.handler.ts';
import { WATCH_COMPETITOR_PAGES_CRON, watchCompetitorPages } from './definitions/watch-competitor-pages.ts';
import { createWriteReportWordingHandler } from './definitions/write-report-wording.handler.ts';
import { writeReportWordingJob } from './definitions/write-report-wording.ts';
import type { JobQueue } from './queue.ts';

/**
 * Wires every job definition to its handler and sets up the recurring schedules.
 * Add a job here: its definition (definitions/<job>.ts), its handler (<job>.handler.ts), one line below.
 * Works before or after queue.start(): the queue applies it when it starts.
 */
export async function registerJobs(queue: JobQueue, deps: JobDependencies): Promise<void> {
  await queue.work(purgeExpiredSessions, createPurgeExpiredSessionsHandler(deps));
  await queue.schedule(purgeExpiredSessions, PURGE_EXPIRED_SESSIONS_CRON, {});
  await queue.work(runAuditJob, createRunAuditHandler(deps, queue), { concurrency: 2 });
  await queue.work(failStaleAudits, createFailStaleAuditsHandler(deps));
  await queue.schedule(failStaleAudits, FAIL_STALE_AUDITS_CRON, {});
  await queue.work(discoverInsightsJob, createDiscoverInsightsHandler(deps, queue), { concurrency: 2 });
  await queue.work(discoverMentionsDaily, createDiscoverMentionsDailyHandler(deps, queue));
  await queue.schedule(discoverMentionsDaily, DISCOVER_MENTIONS_DAILY_CRON, {});
  await queue.work(importInsightsCsvJob, createImportInsightsCsvHandler(deps));
  await queue.work(failStaleInsightTasks, createFailStaleInsightTasksHandler(deps));
  await queue.schedule(failStaleInsightTasks, FAIL_STALE_INSIGHT_TASKS_CRON, {});
  await queue.work(sendEmailJob, createSendEmailHandler(deps), { concurrency: 2 });
  await queue.work(failStaleEmails, createFailStaleEmailsHandler(deps));
  await queue.schedule(failStaleEmails, FAIL_STALE_EMAILS_CRON, {});
  await queue.work(writeReportWordingJob, createWriteReportWordingHandler(deps));
  await queue.work(watchCompetitorPages, createWatchCompetitorPagesHandler(deps));
  await queue.schedule(watchCompetitorPages, WATCH_COMPETITOR_PAGES_CRON, {});
  await queue.work(discoverAdsJob, createDiscoverAdsHandler(deps, queue), { concurrency: 2 });
  await queue.work(discoverTikTokAdsJob, createDiscoverTikTokAdsHandler(deps));
  await queue.work(checkLandingPagesJob, createCheckLandingPagesHandler(deps));
  await queue.work(recheckLandingPages, createRecheckLandingPagesHandler(deps, queue));
  await queue.schedule(recheckLandingPages, RECHECK_LANDING_PAGES_CRON, {});
  await queue.work(checkAdChanges, createCheckAdChangesHandler(deps, queue));
  await queue.schedule(checkAdChanges, CHECK_AD_CHANGES_CRON, {});
  await queue.work(sendWeeklyDigests, createSendWeeklyDigestsHandler(deps, queue));
  await queue.schedule(sendWeeklyDigests, SEND_WEEKLY_DIGESTS_CRON, {});
  await queue.work(sendDueEmailReports, createSendDueEmailReportsHandler(deps, queue));
  await queue.schedule(sendDueEmailReports, SEND_DUE_EMAIL_REPORTS_CRON, {});
  await queue.work(buildAccountExportJob, createBuildAccountExportHandler(deps));
  await queue.work(purgeAccountExports, createPurgeAccountExportsHandler(deps));
  await queue.schedule(purgeAccountExports, PURGE_ACCOUNT_EXPORTS_CRON, {});
  await queue.work(trackBrandsMonthly, createTrackBrandsMonthlyHandler(deps, queue));
  await queue.schedule(trackBrandsMonthly, TRACK_BRANDS_MONTHLY_CRON, {});
  if (deps.config.billing.mode === 'demo' && !deps.config.isProduction) {
    await queue.work(advanceDemoBilling, createAdvanceDemoBillingHandler(deps, queue));
    await queue.schedule(advanceDemoBilling, ADVANCE_DEMO_BILLING_CRON, {});
  }
}
