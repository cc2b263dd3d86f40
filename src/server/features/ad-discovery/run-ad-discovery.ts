/**
 * The ad discovery job's work: search the Meta Ad Library for each competitor by its chosen
 * Facebook page in the brand's ad market, upsert that page's ads page by page, and record per
 * competitor what was added, updated or why it failed. A competitor without a chosen page is not
 * searched (a name search finds other advertisers' ads too): its outcome says to choose the page.
 * A competitor that fails does not stop the others, except an invalid token, which would fail
 * them all the same way.
 */
import { asc, eq } from 'drizzle-orm';
import {
  needsPageOutcomeMessage,
  noAdSourceMessage,
  type TAdDiscoveryResult,
  type TCompetitorDiscoveryOutcome,
} from '../../../shared/schemas/ad-discovery.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { brands, competitors } from '../../db/schema/index.ts';
import {
  AdLibraryError,
  MAX_ADS_PER_RUN,
  searchAdsArchive,
  TOKEN_INVALID_ADMIN_HINT,
} from '../../integrations/meta-ad-library/fetch-ads-archive.ts';
import { toAdFields } from '../../integrations/meta-ad-library/parse-ads-archive.ts';
import type { RetryPolicy } from '../../integrations/meta-ad-library/retry-policy.ts';
import type { JobLogger } from '../../jobs/define-job.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { assertCanChangeBrand } from '../billing/plan-limits.ts';
import { completeTask, failTask, openTask, type ProgressReporter, progressReporter } from '../tasks/task-progress.ts';
import { BRAND_KIND } from './ad-discovery-task.ts';
import { queueLandingPageChecks } from './check-landing-pages.ts';
import { storeDiscoveredAds } from './store-discovered-ads.ts';

export type AdDiscoveryDeps = {
  db: Database;
  config: Config;
  queue: JobQueue | null;
  /** where what only an administrator can act on is said (an invalid token) */
  logger?: Pick<JobLogger, 'warn'>;
  /** tests and the benchmark: smaller pages, faster retries */
  pageSize?: number;
  retry?: RetryPolicy;
};

type CompetitorRow = typeof competitors.$inferSelect;
const STAGE = { prepare: 5, search: 10, landing: 92 } as const;

async function searchOne(
  deps: AdDiscoveryDeps,
  competitor: CompetitorRow,
  countries: string[],
  band: { from: number; width: number; label: string },
  progress: ProgressReporter,
  stored: string[],
  signal?: AbortSignal,
): Promise<TCompetitorDiscoveryOutcome> {
  const outcome: TCompetitorDiscoveryOutcome = {
    competitorId: competitor.id,
    competitorName: competitor.name,
    searchedBy: 'page_id',
    status: 'done',
    read: 0,
    added: 0,
    updated: 0,
    capped: false,
    error: null,
  };
  const pageId = competitor.facebookPageId;
  if (!pageId) return { ...outcome, searchedBy: null, status: 'needs_page', error: needsPageOutcomeMessage };
  await progress(`Searching the Meta Ad Library for ${band.label}`, band.from);
  try {
    const search = await searchAdsArchive(
      {
        graphUrl: deps.config.metaAdLibrary.graphUrl,
        token: deps.config.metaAdLibrary.token!,
        pageId,
        searchTerms: competitor.name,
        countries,
      },
      {
        pageSize: deps.pageSize,
        retry: deps.retry,
        signal,
        onPage: async ({ ads, pageNumber, readSoFar }) => {
          const now = new Date();
          // Asked by page id, Meta answers with that page's ads; any other is not kept all the same.
          const theirs = ads.filter((ad) => ad.page_id === pageId);
          const page = await storeDiscoveredAds(
            deps.db,
            competitor,
            theirs.map((ad) => toAdFields(ad, now)),
          );
          if (page.refused > 0) {
            deps.logger?.warn(
              { competitorId: competitor.id, refused: page.refused },
              'ads the database refused were left out',
            );
          }
          outcome.added += page.added;
          outcome.updated += page.updated;
          outcome.read = readSoFar;
          stored.push(...page.ids);
          // The number of pages is unknown until the last: each page covers half of what is left.
          await progress(
            `${band.label}: page ${pageNumber}, ${readSoFar} ads read`,
            band.from + band.width * (1 - 0.5 ** pageNumber),
          );
        },
      },
    );
    outcome.capped = search.capped;
  } catch (error) {
    if (!(error instanceof AdLibraryError)) throw error;
    outcome.status = 'failed';
    outcome.error = error.message;
    if (error.kind === 'token') {
      deps.logger?.warn(TOKEN_INVALID_ADMIN_HINT);
      throw Object.assign(error, { outcome });
    }
  }
  return outcome;
}

function resultOf(brandId: string, countries: string[], outcomes: TCompetitorDiscoveryOutcome[]): TAdDiscoveryResult {
  return {
    brandId,
    added: outcomes.reduce((sum, outcome) => sum + outcome.added, 0),
    updated: outcomes.reduce((sum, outcome) => sum + outcome.updated, 0),
    failed: outcomes.filter((outcome) => outcome.status === 'failed').length,
    capPerCompetitor: MAX_ADS_PER_RUN,
    countries,
    competitors: outcomes,
  };
}

async function competitorsOf(db: Database, kind: string, subjectId: string) {
  if (kind === BRAND_KIND) {
    return db.select().from(competitors).where(eq(competitors.brandId, subjectId)).orderBy(asc(competitors.createdAt));
  }
  return db.select().from(competitors).where(eq(competitors.id, subjectId));
}

/** Runs one ad discovery task; safe to run again for the same task (a retried job). */
export async function runAdDiscovery(deps: AdDiscoveryDeps, taskId: string, signal?: AbortSignal) {
  const { db } = deps;
  const task = await openTask(db, taskId);
  if (!task?.subjectId) return 'skipped' as const;
  const found = await competitorsOf(db, task.kind, task.subjectId);
  const brandId = task.kind === BRAND_KIND ? task.subjectId : found[0]?.brandId;
  const [brand] = brandId ? await db.select().from(brands).where(eq(brands.id, brandId)) : [];
  if (!brand || found.length === 0) {
    await failTask(db, taskId, 'The competitor or brand was deleted before its ad discovery ran.');
    return 'failed' as const;
  }
  if (!deps.config.metaAdLibrary.token) {
    await failTask(db, taskId, noAdSourceMessage);
    return 'failed' as const;
  }
  // The plan may have changed since the discovery was started: checked again as it runs.
  await assertCanChangeBrand(db, brand, { feature: 'competitorTracking', toDoMore: 'keep tracking competitors' });
  const progress = progressReporter(db, taskId);
  const many = found.length === 1 ? '1 competitor' : `${found.length} competitors`;
  await progress(`Preparing: ${many} to search in ${brand.adMarket}`, STAGE.prepare);

  const countries = [brand.adMarket];
  const outcomes: TCompetitorDiscoveryOutcome[] = [];
  const stored: string[] = [];
  const width = (STAGE.landing - STAGE.search) / found.length;
  for (const [index, competitor] of found.entries()) {
    const label = found.length === 1 ? competitor.name : `${competitor.name} (${index + 1} of ${found.length})`;
    try {
      outcomes.push(
        await searchOne(
          deps,
          competitor,
          countries,
          { from: STAGE.search + width * index, width, label },
          progress,
          stored,
          signal,
        ),
      );
    } catch (error) {
      if (error instanceof AdLibraryError && error.kind === 'token') {
        outcomes.push((error as AdLibraryError & { outcome: TCompetitorDiscoveryOutcome }).outcome);
        await failTask(db, taskId, error.message, resultOf(brand.id, countries, outcomes));
        return 'failed' as const;
      }
      throw error;
    }
  }
  await progress('Queueing landing-page checks', STAGE.landing);
  await queueLandingPageChecks(deps, stored);
  const result = resultOf(brand.id, countries, outcomes);
  const searched = outcomes.filter((outcome) => outcome.status !== 'needs_page');
  if (searched.length > 0 && searched.every((outcome) => outcome.status === 'failed')) {
    const reasons = searched.map((outcome) =>
      found.length === 1 ? outcome.error : `${outcome.competitorName}: ${outcome.error}`,
    );
    await failTask(db, taskId, reasons.join('; '), result);
    return 'failed' as const;
  }
  await completeTask(db, taskId, result);
  return 'completed' as const;
}
