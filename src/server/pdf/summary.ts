import { NO_PROFILE_READ } from '../../shared/audit-labels.ts';
import { sortRecommendations } from '../../shared/recommendation-order.ts';
import type { TAreaCoverage, TAuditDetail, TCheckResult } from '../../shared/schemas/audits.ts';
import { MIN_APPLIED_CHECKS } from '../analysis/scoring/coverage.ts';
import { SCORE_BANDS, scoreBand } from './score-bands.ts';
import { areaLabels, areas, type TArea } from './text.ts';

export type TStatusCounts = Record<TCheckResult['status'], number>;

export function areaScore(audit: TAuditDetail, area: TArea): number | null {
  if (area === 'website') return audit.websiteScore;
  if (area === 'socialMedia') return audit.socialMediaScore;
  return audit.brandAssetsScore;
}

/** The area's coverage ('25 of 29 checks applied'); null for audits scored before it was recorded. */
export function areaCoverage(audit: TAuditDetail, area: TArea): TAreaCoverage | null {
  return audit.coverage?.[area] ?? null;
}

/** False when no area had enough measured: the stored overall 0 is then not a score. */
export function overallMeasured(audit: TAuditDetail): boolean {
  return audit.coverage?.overallMeasured !== false;
}

export function checksOf(audit: TAuditDetail, area?: TArea): TCheckResult[] {
  if (!audit.analysis) return [];
  return (area ? [area] : areas).flatMap((a) => Object.values(audit.analysis?.[a] ?? {}).flatMap((g) => g.checks));
}

export function countStatuses(checks: TCheckResult[]): TStatusCounts {
  const counts: TStatusCounts = { pass: 0, fail: 0, not_applicable: 0, not_measured: 0 };
  for (const check of checks) counts[check.status] += 1;
  return counts;
}

const bandReading = {
  good: 'a strong result: the basics are in place and the remaining gains are refinements.',
  middling: 'the foundations are in place, with clear gains available from a few focused fixes.',
  poor: 'several basics need attention before the brand presents consistently across its channels.',
  none: 'no band applies.',
} as const;

/** A few plain sentences on what the scores mean, built only from the scores and recommendations. */
export function scoreReading(audit: TAuditDetail, brandName: string): string[] {
  const overall = Math.round(audit.overallScore);
  const band = scoreBand(overall);
  const range = SCORE_BANDS.find((b) => b.band === band);
  const sentences = overallMeasured(audit)
    ? [
        `${brandName} scores ${overall} out of 100 overall, in the ${range?.label.toLowerCase() ?? ''} band (${range?.range ?? ''}): ${bandReading[band]}`,
      ]
    : [`${brandName} has no overall score: too few checks applied in every area to give one.`];
  const measured = areas
    .map((area) => ({ area, score: areaScore(audit, area) }))
    .filter((a): a is { area: TArea; score: number } => a.score !== null)
    .sort((a, b) => b.score - a.score);
  const best = measured[0];
  const worst = measured.at(-1);
  if (best && worst && best.score !== worst.score) {
    sentences.push(
      `${areaLabels[best.area]} is the strongest area at ${Math.round(best.score)}; ${areaLabels[worst.area].toLowerCase()} has the most room to improve at ${Math.round(worst.score)}.`,
    );
  }
  const notEnough = areas.filter((area) => areaCoverage(audit, area)?.enough === false);
  // social media without any profile read is unscored for that reason, however many handle checks applied
  const unread = notEnough.filter((area) => areaCoverage(audit, area)?.coverage.endsWith(NO_PROFILE_READ));
  if (unread.length > 0) {
    sentences.push(
      `${areaLabels.socialMedia} is shown as not enough measured and left out of the overall score: no declared profile could be read from its network.`,
    );
  }
  const tooFew = notEnough.filter((area) => !unread.includes(area));
  if (tooFew.length > 0) {
    const names = tooFew.map((area) => areaLabels[area]).join(' and ');
    sentences.push(
      `${names} had too few checks applied (fewer than ${MIN_APPLIED_CHECKS}) to be scored, so ${tooFew.length > 1 ? 'they are' : 'it is'} shown as not enough measured and left out of the overall score.`,
    );
  }
  const unmeasured = areas
    .filter((area) => areaScore(audit, area) === null && !notEnough.includes(area))
    .map((a) => areaLabels[a]);
  if (unmeasured.length > 0) {
    sentences.push(
      `${unmeasured.join(' and ')} could not be measured, so ${unmeasured.length > 1 ? 'they are' : 'it is'} left out of the overall score rather than estimated.`,
    );
  }
  const top = sortRecommendations(audit.recommendations)[0];
  if (top) {
    sentences.push(
      `The ${audit.recommendations.length === 1 ? 'recommendation is' : `${audit.recommendations.length} recommendations are`} ordered by priority, then by the points each could add; the first, "${top.title}", is worth up to +${formatImpact(top.scoreImpact)}.`,
    );
  }
  return sentences;
}

export function formatImpact(points: number): string {
  return `${Math.round(points * 10) / 10} ${Math.abs(points) === 1 ? 'point' : 'points'}`;
}
