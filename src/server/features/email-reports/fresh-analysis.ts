/**
 * 'Run Fresh AI Analysis' (agency): before a scheduled report goes out, each of its brands is
 * audited again (a run-audit job) and its sentiment and competitor reports are generated anew for
 * the report's period. The run stays 'preparing' while the audits run; the minute's send job
 * queues the mail once none of the report's brands has an audit running, or after 30 minutes with
 * what exists, saying so in the message.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { plans } from '../../../shared/plans.ts';
import type { AiWriter } from '../../ai/provider.ts';
import type { Database } from '../../db/client.ts';
import { audits, emailReportRuns, users } from '../../db/schema/index.ts';
import { resolveActor } from '../../http/access.ts';
import type { Authenticator } from '../../http/authenticate.ts';
import { AppError } from '../../http/errors.ts';
import { startAudit } from '../audits/start-audit.ts';
import { generateCompetitorReport } from '../competitor-reports/generate-competitor-report.ts';
import type { FeatureContext } from '../context.ts';
import { generateSentimentReport } from '../sentiment-reports/generate-sentiment-report.ts';
import type { UploadStorage } from '../uploads/storage.ts';
import { brandsOfReport, type EmailReportRow } from './report-contents.ts';
import type { SendReportsDeps } from './send-deps.ts';

/** How long the mail waits for the fresh analysis before it goes out with what exists. */
export const FRESH_ANALYSIS_TIMEOUT_MS = 30 * 60 * 1000;

export const freshAnalysisTimedOutNote =
  'The fresh analysis did not finish within 30 minutes, so this report shows the latest results available.';

/** Whether the report's owner may still have a fresh analysis run (a lapsed agency may not). */
export async function ownerAllowsFreshAnalysis(db: Database, ownerId: string): Promise<boolean> {
  const [owner] = await db.select({ planType: users.planType }).from(users).where(eq(users.id, ownerId));
  return Boolean(owner && plans[owner.planType].allows.freshAiAnalysis);
}

/** The actions a request would call, run for the owner: background work has no request to authenticate. */
function actionContextOf(deps: SendReportsDeps & { ai: AiWriter | null; uploads: UploadStorage }): FeatureContext {
  return {
    db: deps.db,
    config: deps.config,
    queue: deps.queue,
    ai: deps.ai,
    uploads: deps.uploads,
    logger: deps.logger,
    billing: null,
    auth: undefined as unknown as Authenticator,
  };
}

/**
 * Starts each brand's audit and generates its sentiment and competitor reports. A brand that
 * cannot have one (no website, no insights, an audit already running, the plan's allowance used)
 * is logged and reported with what it has; the run then records that preparation started.
 */
export async function prepareFreshAnalysis(
  deps: SendReportsDeps & { ai: AiWriter | null; uploads: UploadStorage },
  report: EmailReportRow,
  runId: string,
): Promise<void> {
  const [owner] = await deps.db.select().from(users).where(eq(users.id, report.userId));
  if (!owner) return;
  const ctx = actionContextOf(deps);
  const actor = await resolveActor(deps.db, deps.config, owner);
  const reportPeriod = report.frequency;
  const steps: Array<[string, (brandId: string) => Promise<unknown>]> = [
    ['audit', (brandId) => startAudit(ctx, { actor, input: { brandId } })],
  ];
  if (report.includeModules.consumerInsights)
    steps.push([
      'sentiment report',
      (brandId) => generateSentimentReport(ctx, { actor, input: { brandId, reportPeriod } }),
    ]);
  if (report.includeModules.competitorTracking)
    steps.push([
      'competitor report',
      (brandId) => generateCompetitorReport(ctx, { actor, input: { brandId, reportPeriod } }),
    ]);
  for (const brand of await brandsOfReport(deps.db, report)) {
    for (const [what, step] of steps) {
      try {
        await step(brand.id);
      } catch (error) {
        const log = { err: error, reportId: report.id, brandId: brand.id };
        if (error instanceof AppError && error.status < 500)
          deps.logger.info(log, `fresh ${what} skipped: ${error.message}`);
        else deps.logger.error(log, `fresh ${what} failed`);
      }
    }
  }
  await deps.db.update(emailReportRuns).set({ updatedAt: new Date() }).where(eq(emailReportRuns.id, runId));
}

/** Whether the report's brands have no audit running any more. */
export async function freshAnalysisFinished(db: Database, report: Pick<EmailReportRow, 'userId' | 'brandId'>) {
  const brandIds = (await brandsOfReport(db, report)).map((brand) => brand.id);
  if (brandIds.length === 0) return true;
  const [running] = await db
    .select({ id: audits.id })
    .from(audits)
    .where(and(inArray(audits.brandId, brandIds), eq(audits.status, 'processing')))
    .limit(1);
  return !running;
}
