import { and, eq } from 'drizzle-orm';
import { writeAuditNarrative } from '../../ai/audit-narrative.ts';
import type { AiLogger, AiWriter } from '../../ai/provider.ts';
import type { crawlSite } from '../../analysis/crawler.ts';
import type { Resolver } from '../../analysis/fetch/safe-fetch.ts';
import { loadAuditEngine } from '../../analysis/load-audit-engine.ts';
import type { ChromiumBinary } from '../../analysis/render/chromium.ts';
import { effectiveRenderMode } from '../../analysis/render/mode.ts';
import { inputsToAdd } from '../../analysis/scoring/coverage.ts';
import type { scoreAudit } from '../../analysis/scoring/score.ts';
import type { CheckResult } from '../../analysis/types.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { audits, brands, uploadedFiles } from '../../db/schema/index.ts';
import type { ProfileNetwork, ProfileSource } from '../../integrations/social-profiles/profile-source.ts';
import type { UploadStorage } from '../uploads/storage.ts';

export type RunAuditDeps = {
  db: Database;
  config: Config;
  uploads: UploadStorage;
  ai: AiWriter | null;
  logger: AiLogger;
  crawlResolver?: Resolver;
  /** tests: the profile sources to read through (default: from config) */
  profileSources?: Record<ProfileNetwork, ProfileSource>;
  /** tests only: the browser audits render with (null: none installed); unset, found as configured */
  renderChromium?: ChromiumBinary | null;
};

export type RunAuditOutcome = 'completed' | 'failed' | 'skipped';

/** Progress stages and the share of the bar each one starts at. */
const STAGES = {
  crawl: { label: 'Crawling website', from: 5, to: 60 },
  measure: { label: 'Measuring checks', from: 65 },
  write: { label: 'Writing recommendations', from: 85 },
} as const;

/**
 * Crawls the brand's site, runs every check, scores them and stores the result. Safe to run again
 * for the same audit (a retried job): it only works on audits still processing.
 */
export async function runAudit(deps: RunAuditDeps, auditId: string, signal?: AbortSignal): Promise<RunAuditOutcome> {
  const { db } = deps;
  const [row] = await db
    .select({ audit: audits, brand: brands })
    .from(audits)
    .innerJoin(brands, eq(brands.id, audits.brandId))
    .where(eq(audits.id, auditId));
  if (row?.audit.status !== 'processing') return 'skipped';
  const { brand } = row;

  let lastPercent = -1;
  let lastStage = '';
  const progress = async (stage: string, percent: number) => {
    // Pages found can outgrow pages fetched for a while; the bar holds rather than moving back.
    const rounded = Math.max(Math.round(percent), lastPercent);
    if (rounded === lastPercent && stage === lastStage) return;
    lastPercent = rounded;
    lastStage = stage;
    await db
      .update(audits)
      .set({ progressStage: stage, progressPercent: rounded })
      .where(and(eq(audits.id, auditId), eq(audits.status, 'processing')));
  };

  if (!brand.websiteUrl) return markFailed(db, auditId, `${brand.name} has no website address to audit.`);
  const engine = await loadAuditEngine();
  const { crawlSite, CrawlFailedError, runAllChecks, buildAnalysis, scoreAudit, crawlFactsOf } = engine;

  // Profiles are read from their networks while the site is crawled: neither waits for the other.
  const startedAt = new Date();
  const profileReads = engine
    .readProfiles(brand, {
      sources: deps.profileSources ?? engine.profileSourcesFrom(deps.config),
      allowLoopback: deps.config.crawlerAllowLoopback,
      now: startedAt,
      signal,
    })
    .catch(() => []);

  await progress(STAGES.crawl.label, STAGES.crawl.from);
  let snapshot: Awaited<ReturnType<typeof crawlSite>>;
  try {
    snapshot = await crawlSite(brand.websiteUrl, {
      allowLoopback: deps.config.crawlerAllowLoopback,
      resolver: deps.crawlResolver,
      signal,
      render: {
        mode: effectiveRenderMode(deps.config.auditRender.mode, brand.renderMode),
        chromiumPath: deps.config.auditRender.chromiumPath,
        chromium: deps.renderChromium,
        timeoutMs: deps.config.auditRender.timeoutMs,
      },
      // Pages fetched against pages found so far: the bar never runs ahead of what the crawl knows.
      onProgress: (fetched, found) =>
        progress(
          `${STAGES.crawl.label}: ${fetched} of ${found} ${found === 1 ? 'page' : 'pages'} fetched`,
          STAGES.crawl.from + ((STAGES.crawl.to - STAGES.crawl.from) * fetched) / Math.max(found, 1),
        ),
    });
  } catch (error) {
    // A refused or unreachable site will not change on retry: the audit fails with the reason.
    if (error instanceof CrawlFailedError) return markFailed(db, auditId, error.message);
    throw error;
  }

  await progress(STAGES.measure.label, STAGES.measure.from);
  const [logo, profileResults] = await Promise.all([loadLogo(deps, brand.logoUrl), profileReads]);
  const references =
    profileResults.length > 0
      ? await engine.referenceImages(logo && { ...logo, url: brand.logoUrl }, snapshot, {
          allowLoopback: deps.config.crawlerAllowLoopback,
          signal,
        })
      : [];
  const { checks } = await runAllChecks({
    snapshot,
    brand: {
      instagramHandle: brand.instagramHandle,
      twitterHandle: brand.twitterHandle,
      linkedinHandle: brand.linkedinHandle,
      tiktokHandle: brand.tiktokHandle,
      facebookHandle: brand.facebookHandle,
      blueskyHandle: brand.blueskyHandle,
      mastodonHandle: brand.mastodonHandle,
      youtubeHandle: brand.youtubeHandle,
      colourPalette: brand.colourPalette,
      fonts: brand.fonts,
    },
    logo,
    profiles: { results: profileResults, brandName: brand.name, references, now: startedAt },
  });
  const scores = scoreAudit(checks);

  await progress(STAGES.write.label, STAGES.write.from);
  const narrative = await writeAuditNarrative(deps.ai, narrativeFacts(brand.name, checks, scores), deps.logger, {
    abortSignal: signal,
  });

  const toAdd = inputsToAdd(brand);
  const analysis = {
    ...buildAnalysis(checks, scores),
    crawl: crawlFactsOf(snapshot),
    socialProfiles: engine.storedReads(profileResults, references),
    coverage: {
      website: { ...scores.areas.website, toAdd: toAdd.website },
      socialMedia: { ...scores.areas.socialMedia, toAdd: toAdd.socialMedia },
      brandAssets: { ...scores.areas.brandAssets, toAdd: toAdd.brandAssets },
      overallMeasured: scores.overallMeasured,
    },
  };
  // An attempt whose lease was taken over (another worker now runs the audit) stores nothing.
  signal?.throwIfAborted();
  await db
    .update(audits)
    .set({
      status: 'completed',
      overallScore: scores.overallScore,
      websiteScore: scores.websiteScore,
      socialMediaScore: scores.socialMediaScore,
      brandAssetsScore: scores.brandAssetsScore,
      analysis,
      strengths: narrative.value.strengths,
      weaknesses: narrative.value.weaknesses,
      recommendations: narrative.value.recommendations.map(
        ({ writtenBy: _writtenBy, ...recommendation }) => recommendation,
      ),
      writtenBy: narrative.writtenBy,
      progressStage: 'Complete',
      progressPercent: 100,
      failureReason: null,
      completedAt: new Date(),
    })
    .where(and(eq(audits.id, auditId), eq(audits.status, 'processing')));
  return 'completed';
}

export async function markFailed(db: Database, auditId: string, reason: string): Promise<'failed'> {
  await db
    .update(audits)
    .set({ status: 'failed', failureReason: reason, progressStage: 'Failed' })
    .where(and(eq(audits.id, auditId), eq(audits.status, 'processing')));
  return 'failed';
}

async function loadLogo(deps: RunAuditDeps, logoUrl: string | null) {
  const storageKey = logoUrl?.split('/').at(-1);
  if (!storageKey) return null;
  const [file] = await deps.db.select().from(uploadedFiles).where(eq(uploadedFiles.storageKey, storageKey));
  if (!file) return null;
  const buffer = await deps.uploads.read(storageKey).catch(() => null);
  return buffer ? { buffer, mimetype: file.mimetype } : null;
}

function narrativeFacts(brandName: string, checks: CheckResult[], scores: ReturnType<typeof scoreAudit>) {
  const byId = new Map(checks.map((check) => [check.id, check]));
  return {
    brandName,
    scores: {
      overall: scores.overallMeasured ? scores.overallScore : null,
      website: scores.websiteScore,
      socialMedia: scores.socialMediaScore,
      brandAssets: scores.brandAssetsScore,
    },
    failedChecks: scores.recommendations.map((recommendation) => {
      const check = byId.get(recommendation.checkId);
      return {
        id: recommendation.checkId,
        title: check?.title ?? recommendation.title,
        summary: check?.summary ?? '',
        area: check?.area ?? '',
        group: check?.group ?? '',
        scoreImpact: recommendation.scoreImpact,
        priority: recommendation.priority,
        category: recommendation.category,
        estimatedHours: recommendation.estimatedHours,
        localTitle: recommendation.title,
        localDescription: recommendation.description,
      };
    }),
    passedChecks: checks
      .filter((check) => check.status === 'pass')
      .map((check) => ({ id: check.id, title: check.title, summary: check.summary })),
    localStrengths: scores.strengths,
    localWeaknesses: scores.weaknesses,
  };
}
