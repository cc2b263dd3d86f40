/**
 * The ad discovery job's work: search the Meta Ad Library for each competitor by its chosen
 * Facebook page in each of the brand's ad markets, upsert that page's ads page by page, and record per
 * competitor what was added, updated or why it failed. A competitor without a chosen page is not
 * searched (a name search finds other advertisers' ads too): its outcome says to choose the page.
 * A competitor that fails does not stop the others, except an invalid token, which would fail
 * them all the same way.
 */
import { asc, eq } from 'drizzle-orm';
import { zeroAdsMessage, zeroAdsReason } from '../../../shared/ad-market-coverage.ts';
import { adMarketName } from '../../../shared/ad-markets.ts';
import {
  metaUnavailableMessage,
  needsPageOutcomeMessage,
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
import {
  META_MEDIA_TYPES,
  type MetaMediaType,
  toAdFields,
} from '../../integrations/meta-ad-library/parse-ads-archive.ts';
import type { RetryPolicy } from '../../integrations/meta-ad-library/retry-policy.ts';
import type { JobLogger } from '../../jobs/define-job.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { assertCanChangeBrand } from '../billing/plan-limits.ts';
import { completeTask, failTask, openTask, type ProgressReporter, progressReporter } from '../tasks/task-progress.ts';
import { BRAND_KIND } from './ad-discovery-task.ts';
import { brandMarkets } from './brand-markets.ts';
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

type SearchContext = {
  deps: AdDiscoveryDeps;
  competitor: CompetitorRow;
  progress: ProgressReporter;
  band: { from: number; width: number; label: string };
  outcome: TCompetitorDiscoveryOutcome;
  /** Meta ad ids met in this run: an ad found by several searches is counted once */
  seen: Set<string>;
  /** searches done so far and in all (markets times media types), for the progress */
  searchIndex: number;
  searches: number;
  stored: string[];
  signal?: AbortSignal;
};

/** One search: one market, one media type; what is left of the competitor's cap at most. */
async function searchMarket(context: SearchContext, market: string, mediaType: MetaMediaType) {
  const { deps, competitor, outcome, band } = context;
  const pageId = competitor.facebookPageId!;
  const before = outcome.read;
  const search = await searchAdsArchive(
    {
      graphUrl: deps.config.metaAdLibrary.graphUrl,
      token: deps.config.metaAdLibrary.token!,
      pageId,
      searchTerms: competitor.name,
      countries: [market],
      mediaType,
    },
    {
      pageSize: deps.pageSize,
      retry: deps.retry,
      signal: context.signal,
      maxAds: MAX_ADS_PER_RUN - before,
      onPage: async ({ ads, pageNumber, readSoFar }) => {
        const now = new Date();
        // Asked by page id, Meta answers with that page's ads; any other is not kept all the same.
        const theirs = ads.filter((ad) => ad.page_id === pageId);
        const page = await storeDiscoveredAds(
          deps.db,
          competitor,
          theirs.map((ad) => toAdFields(ad, now, { market, mediaType })),
        );
        if (page.refused > 0) {
          deps.logger?.warn(
            { competitorId: competitor.id, refused: page.refused },
            'ads the database refused were left out',
          );
        }
        const isNew = new Set(page.newAdIds);
        for (const ad of theirs) {
          const adId = ad.id.slice(0, 200);
          if (context.seen.has(adId)) continue;
          context.seen.add(adId);
          if (isNew.has(adId)) outcome.added += 1;
          else outcome.updated += 1;
        }
        outcome.read = before + readSoFar;
        context.stored.push(...page.ids);
        // The number of pages is unknown until the last: each page covers half of what is left of
        // this search's share.
        await context.progress(
          `${band.label}: page ${pageNumber}, ${outcome.read} ads read`,
          band.from + (band.width * (context.searchIndex + 1 - 0.5 ** pageNumber)) / context.searches,
        );
      },
    },
  );
  if (search.capped) outcome.capped = true;
}

/**
 * A competitor's ads: one search per market and per media type (the archived ad has no media-type
 * field, so the `media_type` filter tells it), up to the per-run cap in all.
 */
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
    isOwnBrand: competitor.isOwnBrand,
    searchedBy: 'page_id',
    status: 'done',
    read: 0,
    added: 0,
    updated: 0,
    capped: false,
    error: null,
    zeroAdsReason: null,
    zeroAdsMessage: null,
  };
  if (!competitor.facebookPageId) {
    return { ...outcome, searchedBy: null, status: 'needs_page', error: needsPageOutcomeMessage };
  }
  await progress(`Searching the Meta Ad Library for ${band.label}`, band.from);
  const context: SearchContext = {
    ...{ deps, competitor, progress, band, outcome, stored, signal },
    seen: new Set(),
    searchIndex: 0,
    searches: countries.length * META_MEDIA_TYPES.length,
  };
  try {
    for (const market of countries) {
      for (const mediaType of META_MEDIA_TYPES) {
        if (outcome.read >= MAX_ADS_PER_RUN) {
          outcome.capped = true;
          break;
        }
        await searchMarket(context, market, mediaType);
        context.searchIndex += 1;
      }
    }
  } catch (error) {
    if (!(error instanceof AdLibraryError)) throw error;
    outcome.status = 'failed';
    outcome.error = error.message;
    if (error.kind === 'token') {
      deps.logger?.warn(TOKEN_INVALID_ADMIN_HINT);
      throw Object.assign(error, { outcome });
    }
  }
  if (outcome.status === 'done' && context.seen.size === 0) {
    outcome.zeroAdsReason = zeroAdsReason(countries);
    outcome.zeroAdsMessage = zeroAdsMessage(competitor.name, countries);
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
    await failTask(db, taskId, metaUnavailableMessage(Boolean(deps.config.services.tiktok.credentials)));
    return 'failed' as const;
  }
  // The plan may have changed since the discovery was started: checked again as it runs.
  await assertCanChangeBrand(db, brand, { feature: 'competitorTracking', toDoMore: 'keep tracking competitors' });
  const progress = progressReporter(db, taskId);
  const many = found.length === 1 ? '1 competitor' : `${found.length} competitors`;
  const countries = brandMarkets(brand);
  await progress(`Preparing: ${many} to search in ${countries.map(adMarketName).join(', ')}`, STAGE.prepare);

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
