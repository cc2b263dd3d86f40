/**
 * The local engine for marketing recommendations: rules and templates over an audit's measured
 * findings (and, when they exist, the brand's consumer insights and tracked competitors). Every
 * sentence is built from a measured value; every strategy names the checks it rests on.
 */
import type {
  TFindingReference,
  TMarketingRecommendations,
  TMarketingStrategy,
} from '../../../shared/schemas/recommendations.ts';

export type RecommendationFacts = {
  brandName: string;
  scores: { overall: number; website: number | null; socialMedia: number | null; brandAssets: number | null };
  groups: { area: string; group: string; label: string; score: number | null; coverage: string }[];
  failedChecks: {
    id: string;
    title: string;
    summary: string;
    area: 'website' | 'socialMedia' | 'brandAssets';
    category: string;
    priority: 'High' | 'Medium' | 'Low';
    estimatedHours: number;
    scoreImpact: number;
    recommendationTitle: string;
    recommendationDescription: string;
  }[];
  passedChecks: { id: string; title: string; summary: string; area: string }[];
  insights: { total: number; positive: number; neutral: number; negative: number } | null;
  competitors: { names: string[]; adsTracked: number } | null;
};

type FailedCheck = RecommendationFacts['failedChecks'][number];

const AREA_LABELS: Record<string, string> = {
  website: 'website',
  socialMedia: 'social media',
  brandAssets: 'brand assets',
};

/** Audit categories → the marketing strategy they feed, with what that strategy is about. */
const STRATEGY_FOR_CATEGORY: Record<
  string,
  { category: TMarketingStrategy['category']; strategy: string; impact: string }
> = {
  SEO: {
    category: 'SEO/Performance',
    strategy: 'Make every page findable and well presented in search',
    impact: 'more pages indexed and clearer search listings',
  },
  Accessibility: {
    category: 'User Experience',
    strategy: 'Remove the barriers visitors meet on your pages',
    impact: 'pages every visitor can use, including with assistive technology',
  },
  Content: {
    category: 'Content Strategy',
    strategy: 'Speak with one consistent voice across your pages',
    impact: 'copy that reads as one brand from page to page',
  },
  'Social Media': {
    category: 'Social Media',
    strategy: 'Connect and align your social profiles with your site',
    impact: 'profiles people can find from your site and recognise as yours',
  },
  'Brand Assets': {
    category: 'Brand Positioning',
    strategy: 'Tighten your visual identity',
    impact: 'a logo, palette and type that hold up everywhere they appear',
  },
};

/** Categories are matched without regard to case ('Brand assets' and 'Brand Assets' are one). */
function strategyTemplateFor(category: string) {
  const key = Object.keys(STRATEGY_FOR_CATEGORY).find((name) => name.toLowerCase() === category.toLowerCase());
  return key ? STRATEGY_FOR_CATEGORY[key] : undefined;
}

const hours = (value: number) => (value === 1 ? '1 hour' : `${value} hours`);
const points = (value: number) => (value === 1 ? '1 point' : `${value} points`);

function timelineFor(totalHours: number): string {
  if (totalHours <= 4) return 'This week';
  if (totalHours <= 16) return 'Next 2 weeks';
  if (totalHours <= 40) return 'Next month';
  return 'Next 2-3 months';
}

/** Critical when search engines are shut out or the area the fixes belong to scores below 40. */
function priorityFor(checks: FailedCheck[], scores: RecommendationFacts['scores']): TMarketingStrategy['priority'] {
  const gain = checks.reduce((sum, check) => sum + check.scoreImpact, 0);
  const areaScore = (check: FailedCheck) => scores[check.area];
  if (checks.some((check) => check.id === 'seo.is-crawlable' || (areaScore(check) ?? 100) < 40)) return 'Critical';
  if (checks.some((check) => check.priority === 'High') || gain >= 5) return 'High';
  if (checks.some((check) => check.priority === 'Medium') || gain >= 2) return 'Medium';
  return 'Low';
}

const reference = (check: { id: string; title: string; summary: string }): TFindingReference => ({
  checkId: check.id,
  title: check.title,
  summary: check.summary,
});

function strategies(facts: RecommendationFacts): TMarketingStrategy[] {
  const byCategory = new Map<string, FailedCheck[]>();
  for (const check of facts.failedChecks) {
    const list = byCategory.get(check.category) ?? [];
    list.push(check);
    byCategory.set(check.category, list);
  }
  const result: TMarketingStrategy[] = [];
  for (const [category, checks] of byCategory) {
    const template = strategyTemplateFor(category) ?? {
      category: 'Brand Positioning',
      strategy: `Fix the ${category.toLowerCase()} findings`,
      impact: 'the issues the audit measured',
    };
    const ordered = [...checks].sort((a, b) => b.scoreImpact - a.scoreImpact || a.estimatedHours - b.estimatedHours);
    const totalHours = ordered.reduce((sum, check) => sum + check.estimatedHours, 0);
    const gain = ordered.reduce((sum, check) => sum + check.scoreImpact, 0);
    result.push({
      strategy: template.strategy,
      category: template.category,
      priority: priorityFor(ordered, facts.scores),
      timeline: timelineFor(totalHours),
      implementation: ordered.map((check) => `${check.recommendationTitle} (about ${hours(check.estimatedHours)})`),
      expectedImpact:
        gain > 0
          ? `Up to ${points(gain)} on the overall score, and ${template.impact}.`
          : `${template.impact[0]?.toUpperCase()}${template.impact.slice(1)}; the overall score moves once the higher-impact fixes are in.`,
      basedOn: ordered.map(reference),
    });
  }
  const rank = { Critical: 0, High: 1, Medium: 2, Low: 3 };
  return result.sort((a, b) => rank[a.priority] - rank[b.priority]);
}

function measuredAreas(facts: RecommendationFacts) {
  return (
    [
      ['website', facts.scores.website],
      ['socialMedia', facts.scores.socialMedia],
      ['brandAssets', facts.scores.brandAssets],
    ] as const
  ).flatMap(([area, score]) => (score === null ? [] : [{ area, label: AREA_LABELS[area] ?? area, score }]));
}

export function localMarketingRecommendations(facts: RecommendationFacts): TMarketingRecommendations {
  const areas = measuredAreas(facts);
  const strongest = [...areas].sort((a, b) => b.score - a.score)[0];
  const weakest = [...areas].sort((a, b) => a.score - b.score)[0];
  const topFixes = [...facts.failedChecks].sort((a, b) => b.scoreImpact - a.scoreImpact).slice(0, 3);
  const totalGain = facts.failedChecks.reduce((sum, check) => sum + check.scoreImpact, 0);

  const areaLine = areas.map((area) => `${area.label} ${area.score}/100`).join(', ');
  const summary = [
    `${facts.brandName} scored ${facts.scores.overall}/100 overall${areaLine ? ` (${areaLine})` : ''}.`,
    facts.failedChecks.length === 0
      ? 'Every measured check passed: keep auditing monthly to hold this level.'
      : `The audit found ${facts.failedChecks.length} failed ${facts.failedChecks.length === 1 ? 'check' : 'checks'}; ` +
        `the biggest gains come from: ${topFixes.map((check) => check.recommendationTitle.toLowerCase()).join('; ')}.`,
  ];
  if (weakest && strongest && weakest.area !== strongest.area) {
    summary.push(
      `Start with ${weakest.label} (${weakest.score}/100); ${strongest.label} (${strongest.score}/100) is already a strength.`,
    );
  }
  if (facts.insights && facts.insights.total > 0) {
    const share = Math.round((facts.insights.positive / facts.insights.total) * 100);
    summary.push(`Of ${facts.insights.total} customer comments analysed, ${share}% are positive.`);
  }

  const keyFindings = [
    ...facts.groups
      .filter((group) => group.score !== null)
      .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
      .slice(0, 3)
      .map((group) => `${group.label}: ${group.score}/100 (${group.coverage}).`),
    ...topFixes.map((check) => `${check.title}: ${check.summary.replace(/\.+$/, '')}.`),
  ];

  const quickWins = [...facts.failedChecks]
    .filter((check) => check.estimatedHours <= 2)
    .sort((a, b) => b.scoreImpact - a.scoreImpact || a.estimatedHours - b.estimatedHours)
    .slice(0, 5)
    .map(
      (check) =>
        `${check.recommendationTitle}: about ${hours(check.estimatedHours)}` +
        (check.scoreImpact > 0 ? `, +${points(check.scoreImpact)}.` : '.'),
    );

  const strengthsText = facts.passedChecks
    .filter((check) => strongest && check.area === strongest.area)
    .slice(0, 3)
    .map((check) => check.summary.replace(/\.$/, ''));
  let competitiveAdvantage = strongest
    ? `Your strongest area is ${strongest.label} at ${strongest.score}/100${strengthsText.length > 0 ? `: ${strengthsText.join('; ')}` : ''}.`
    : 'No area could be measured yet, so no advantage can be named.';
  competitiveAdvantage +=
    facts.competitors && facts.competitors.names.length > 0
      ? ` You track ${facts.competitors.names.length} ${facts.competitors.names.length === 1 ? 'competitor' : 'competitors'} (${facts.competitors.names.join(', ')}) with ${facts.competitors.adsTracked} ads on record: compare their messaging with yours in Competitor Tracking.`
      : ' Add competitors in Competitor Tracking to compare your position with theirs.';

  const longTermGoals = [
    ...areas.filter((area) => area.score < 80).map((area) => `Raise ${area.label} from ${area.score} to 80 or more.`),
    ...(totalGain > 0 ? [`Recover the ${points(totalGain)} the failed checks cost the overall score.`] : []),
    'Re-run the audit every month and keep every passing check passing.',
  ];

  return {
    executiveSummary: summary.join(' '),
    keyFindings,
    quickWins,
    marketingStrategies: strategies(facts),
    competitiveAdvantage,
    longTermGoals,
    writtenBy: 'local',
  };
}
