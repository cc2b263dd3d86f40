import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { groupLabel } from '../../../shared/audit-labels.ts';
import type { TAuditAnalysis, TRecommendation } from '../../../shared/schemas/audits.ts';
import type { RecommendationFacts } from '../../ai/local/marketing-recommendations.ts';
import type { Database } from '../../db/client.ts';
import { adLibraryEntries, competitors, consumerInsights } from '../../db/schema/index.ts';
import type { AuditRow } from '../audits/audit-dto.ts';
import type { BrandRow } from '../brands/brand-dto.ts';

/** What the recommendations may be built from: the audit's measured findings and the brand's data. */
export async function recommendationFacts(
  db: Database,
  audit: AuditRow,
  brand: BrandRow,
): Promise<RecommendationFacts> {
  const analysis = audit.analysis as TAuditAnalysis | null;
  const areas = analysis ? (['website', 'socialMedia', 'brandAssets'] as const) : [];
  const groups = areas.flatMap((area) =>
    Object.entries(analysis?.[area] ?? {}).map(([group, value]) => ({
      area,
      group,
      label: groupLabel(group),
      score: value.score,
      coverage: value.coverage,
    })),
  );
  const allChecks = areas.flatMap((area) => Object.values(analysis?.[area] ?? {}).flatMap((group) => group.checks));
  const checksById = new Map(allChecks.map((check) => [check.id, check]));
  const recommendations = audit.recommendations as TRecommendation[];

  const failedChecks = recommendations.flatMap((recommendation) => {
    const check = recommendation.checkId ? checksById.get(recommendation.checkId) : undefined;
    if (!check) return [];
    return [
      {
        id: check.id,
        title: check.title,
        summary: check.summary,
        area: check.area,
        category: recommendation.category,
        priority: recommendation.priority,
        estimatedHours: recommendation.estimatedHours,
        scoreImpact: recommendation.scoreImpact,
        recommendationTitle: recommendation.title,
        recommendationDescription: recommendation.description,
      },
    ];
  });
  const passedChecks = allChecks
    .filter((check) => check.status === 'pass')
    .map((check) => ({ id: check.id, title: check.title, summary: check.summary, area: check.area }));

  const sentiments = await db
    .select({ sentiment: consumerInsights.sentiment, value: count() })
    .from(consumerInsights)
    // Mentions filtered as not about the brand are not its customers' voice.
    .where(
      and(
        eq(consumerInsights.brandId, brand.id),
        isNull(consumerInsights.competitorId),
        eq(consumerInsights.isRelevant, true),
      ),
    )
    .groupBy(consumerInsights.sentiment);
  const sentimentCount = (label: string) => sentiments.find((row) => row.sentiment === label)?.value ?? 0;
  const totalInsights = sentiments.reduce((sum, row) => sum + row.value, 0);

  const rivals = await db
    .select({ id: competitors.id, name: competitors.name })
    .from(competitors)
    .where(and(eq(competitors.brandId, brand.id), eq(competitors.isActive, true), eq(competitors.isOwnBrand, false)));
  const [ads] = rivals.length
    ? await db
        .select({ value: count() })
        .from(adLibraryEntries)
        .where(
          inArray(
            adLibraryEntries.competitorId,
            rivals.map((rival) => rival.id),
          ),
        )
    : [{ value: 0 }];

  return {
    brandName: brand.name,
    scores: {
      overall: audit.overallScore,
      website: audit.websiteScore,
      socialMedia: audit.socialMediaScore,
      brandAssets: audit.brandAssetsScore,
    },
    groups,
    failedChecks,
    passedChecks,
    insights:
      totalInsights > 0
        ? {
            total: totalInsights,
            positive: sentimentCount('positive'),
            neutral: sentimentCount('neutral'),
            negative: sentimentCount('negative'),
          }
        : null,
    competitors: rivals.length > 0 ? { names: rivals.map((rival) => rival.name), adsTracked: ads?.value ?? 0 } : null,
  };
}
