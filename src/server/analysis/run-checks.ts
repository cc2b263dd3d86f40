/**
 * Runs every check of an audit over a crawled site and the brand's declared assets, and shapes the
 * results into what audits.analysis stores.
 */
import { type LogoFile, runBrandAssetChecks } from './brand-assets/index.ts';
import { markUnrenderedContent } from './render/not-measured.ts';
import { AREA_GROUPS, AREAS, type AuditScores, coverageText } from './scoring/score.ts';
import { type BrandHandles, type ProfileInput, runSocialChecks } from './social/index.ts';
import type { Area, CheckResult, CrawlProblem, SiteSnapshot } from './types.ts';
import type { AccessibilityOptions } from './website/accessibility.ts';
import { runWebsiteChecks } from './website/index.ts';

export type BrandInput = BrandHandles & {
  colourPalette: string[] | null;
  fonts: string[] | null;
};

export type RunAllChecksInput = {
  snapshot: SiteSnapshot;
  brand: BrandInput;
  logo: LogoFile | null;
  /** profiles read from their networks (read while the site was crawled) */
  profiles?: ProfileInput;
  options?: { accessibility?: AccessibilityOptions };
};

export type RunAllChecksResult = {
  checks: CheckResult[];
  /** milliseconds per area and sub-area ('website.accessibility'…), plus 'total' */
  timings: Record<string, number>;
};

export async function runAllChecks({
  snapshot,
  brand,
  logo,
  profiles,
  options,
}: RunAllChecksInput): Promise<RunAllChecksResult> {
  const started = performance.now();
  const website = await runWebsiteChecks(snapshot, options);
  const timings: Record<string, number> = { ...website.timings };

  let start = performance.now();
  const social = runSocialChecks(brand, snapshot, profiles);
  timings.socialMedia = Math.round(performance.now() - start);

  start = performance.now();
  const assets = await runBrandAssetChecks(
    { colourPalette: brand.colourPalette ?? [], fonts: brand.fonts ?? [], logo },
    snapshot,
  );
  timings.brandAssets = Math.round(performance.now() - start);
  timings.total = Math.round(performance.now() - started);
  const checks = markUnrenderedContent([...website.checks, ...social, ...assets], snapshot);
  return { checks, timings };
}

export type AnalysisGroup = { score: number | null; coverage: string; checks: CheckResult[] };

export type AuditAnalysis = {
  website: Record<string, AnalysisGroup>;
  socialMedia: Record<string, AnalysisGroup>;
  brandAssets: Record<string, AnalysisGroup>;
  crawl?: { pages: number; problems: CrawlProblem[]; durationMs: number };
};

const VISUAL_CONSISTENCY_NOT_MEASURED = 'Not measured: needs access to post images';

/**
 * The JSON stored as audits.analysis: per area, per group, its score, coverage line and checks.
 * Every group of AREA_GROUPS is present; visualConsistency always carries its not-measured check.
 * With a snapshot, `crawl` records what was crawled.
 */
export function buildAnalysis(
  checks: CheckResult[],
  scores: Pick<AuditScores, 'groups'>,
  snapshot?: Pick<SiteSnapshot, 'pages' | 'problems' | 'durationMs'>,
): AuditAnalysis {
  const analysis = { website: {}, socialMedia: {}, brandAssets: {} } as AuditAnalysis;
  for (const area of AREAS) {
    const groups = new Set([
      ...AREA_GROUPS[area],
      ...checks.filter((check) => check.area === area).map((check) => check.group),
    ]);
    for (const group of groups) {
      let groupChecks = checks.filter((check) => check.area === area && check.group === group);
      if (area === 'socialMedia' && group === 'visualConsistency' && groupChecks.length === 0) {
        groupChecks = [
          {
            id: 'social.visual-consistency',
            area: 'socialMedia',
            group,
            title: 'Posts share a consistent visual style',
            status: 'not_measured',
            summary: VISUAL_CONSISTENCY_NOT_MEASURED,
            evidence: [],
          },
        ];
      }
      const scored = scores.groups[area as Area]?.[group];
      analysis[area][group] = {
        score: scored?.score ?? null,
        coverage:
          scored && scored.total === groupChecks.length
            ? scored.coverage
            : coverageText(
                group,
                groupChecks.filter((check) => check.status === 'pass' || check.status === 'fail').length,
                groupChecks.length,
              ),
        checks: groupChecks,
      };
    }
  }
  if (snapshot) {
    analysis.crawl = { pages: snapshot.pages.length, problems: snapshot.problems, durationMs: snapshot.durationMs };
  }
  return analysis;
}
