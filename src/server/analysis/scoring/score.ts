/**
 * Scores, recommendations, strengths and weaknesses from CheckResults.
 *
 * - A group's score is the weighted mean of its applicable checks (pass 1, fail 0) × 100, rounded;
 *   not-applicable and not-measured checks drop out, and a group with none left has no score. A
 *   failed gating check (is-crawlable) sets its group to 0.
 * - An area's score is the mean of its groups' scores (rounded); null when fewer than
 *   MIN_APPLIED_CHECKS of its checks applied ("not enough measured", see coverage.ts).
 * - The overall score is the mean of the area scores (rounded); 0 when no area has one, stored with
 *   overallMeasured false so that nobody shows that 0 as a score.
 * - scoreImpact of a failed check is the overall score with that one check passing, minus the
 *   overall score now. Priority comes from the unrounded gain (see priorityFor); behind a failed
 *   gate, from the gain the fix brings once the gate passes.
 */
import type { Area, CheckResult } from '../types.ts';
import { axeRuleInfo } from '../website/axe-rules.ts';
import {
  type AreaCoverage,
  areaCoverage,
  areaCoverageText,
  isApplied,
  NO_PROFILE_READ,
  profileWasRead,
} from './coverage.ts';
import { type Category, weightOf } from './weights.ts';

export const AREAS: Area[] = ['website', 'socialMedia', 'brandAssets'];

/** The groups each area reports, in display order (audits.analysis keeps this shape). */
export const AREA_GROUPS: Record<Area, string[]> = {
  website: ['seoBasics', 'toneConsistency', 'accessibility'],
  socialMedia: ['postingFrequency', 'visualConsistency', 'toneMatch', 'handleConsistency', 'profileLinks'],
  brandAssets: ['colourContrast', 'logoQuality', 'fontConsistency'],
};

/** Words for coverage lines: '8 of 10 SEO checks applied'. */
export const GROUP_LABELS: Record<string, string> = {
  seoBasics: 'SEO',
  toneConsistency: 'tone',
  accessibility: 'accessibility',
  postingFrequency: 'posting frequency',
  visualConsistency: 'visual consistency',
  toneMatch: 'tone match',
  handleConsistency: 'handle',
  profileLinks: 'profile link',
  profiles: 'profile',
  colourContrast: 'colour contrast',
  logoQuality: 'logo',
  fontConsistency: 'font',
};

export type GroupScore = { score: number | null; applied: number; total: number; coverage: string };

export type Priority = 'High' | 'Medium' | 'Low';

export type ScoredRecommendation = {
  checkId: string;
  title: string;
  description: string;
  priority: Priority;
  estimatedHours: number;
  scoreImpact: number;
  category: Category;
};

export type AuditScores = {
  /** 0 when no area had enough measured (overallMeasured false) */
  overallScore: number;
  overallMeasured: boolean;
  /** how much of each area was measured; an area without enough has a null score */
  areas: Record<Area, AreaCoverage>;
  websiteScore: number | null;
  socialMediaScore: number | null;
  brandAssetsScore: number | null;
  groups: Record<Area, Record<string, GroupScore>>;
  recommendations: ScoredRecommendation[];
  strengths: string[];
  weaknesses: string[];
};

/** Unrounded overall gain at or above which a fix is High priority. */
export const HIGH_PRIORITY_GAIN = 2;
/** Unrounded overall gain at or above which a fix is Medium priority. */
export const MEDIUM_PRIORITY_GAIN = 0.5;
const MAX_SENTENCES = 6;

const applicable = isApplied;

export function coverageText(group: string, applied: number, total: number): string {
  return areaCoverageText(applied, total, GROUP_LABELS[group] ?? group);
}

/** A group's score, unrounded: weighted mean × 100, 0 when a gating check failed, null when nothing applied. */
export function exactGroupScore(checks: CheckResult[]): number | null {
  const counted = checks.filter(applicable);
  if (counted.length === 0) return null;
  if (counted.some((check) => check.status === 'fail' && weightOf(check).gatesGroup)) return 0;
  let total = 0;
  let passed = 0;
  for (const check of counted) {
    const { weight } = weightOf(check);
    total += weight;
    if (check.status === 'pass') passed += weight;
  }
  return total === 0 ? null : (passed / total) * 100;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

type Totals = {
  /** null when no area had enough measured */
  overall: number | null;
  areas: Record<Area, number | null>;
  groups: Record<Area, Record<string, number | null>>;
};

function groupsOf(checks: CheckResult[]): Record<Area, Map<string, CheckResult[]>> {
  const byArea = {} as Record<Area, Map<string, CheckResult[]>>;
  for (const area of AREAS) byArea[area] = new Map(AREA_GROUPS[area].map((group) => [group, []]));
  for (const check of checks) {
    const groups = byArea[check.area];
    if (!groups) continue;
    if (!groups.has(check.group)) groups.set(check.group, []);
    groups.get(check.group)!.push(check);
  }
  return byArea;
}

/**
 * The whole computation, either rounded at each level (the published scores) or not (for priorities).
 * `enough` says which areas had enough checks apply to be scored; passing a failed check never
 * changes which checks apply, so it is worked out once per audit, not once per what-if.
 */
function totals(checks: CheckResult[], rounded: boolean, enough: Record<Area, boolean>): Totals {
  const r = (value: number) => (rounded ? Math.round(value) : value);
  const byArea = groupsOf(checks);
  const groups = {} as Totals['groups'];
  const areas = {} as Totals['areas'];
  for (const area of AREAS) {
    groups[area] = {};
    const measured: number[] = [];
    for (const [group, groupChecks] of byArea[area]) {
      const exact = exactGroupScore(groupChecks);
      const score = exact === null ? null : r(exact);
      groups[area][group] = score;
      if (score !== null) measured.push(score);
    }
    areas[area] = enough[area] && measured.length ? r(mean(measured)) : null;
  }
  const areaScores = AREAS.map((area) => areas[area]).filter((score): score is number => score !== null);
  return { overall: areaScores.length ? r(mean(areaScores)) : null, areas, groups };
}

/**
 * High when the fix moves the overall score by 2 or more points (before rounding), Medium from 0.5,
 * else Low; failing is-crawlable is always High. With three areas of several groups each, one SEO
 * check is typically worth about half a point overall, and a logo or contrast check several points.
 */
export function priorityFor(exactGain: number, check: CheckResult): Priority {
  if (weightOf(check).gatesGroup) return 'High';
  if (exactGain >= HIGH_PRIORITY_GAIN) return 'High';
  if (exactGain >= MEDIUM_PRIORITY_GAIN) return 'Medium';
  return 'Low';
}

function examplesOf(check: CheckResult): string {
  const items = check.evidence.filter(
    (item) => !(item.note?.startsWith('and ') && item.url === undefined && item.selector === undefined),
  );
  const labels = [
    ...new Set(
      items
        .map((item) => item.url ?? item.selector ?? (item.value === undefined ? '' : String(item.value)))
        .filter(Boolean),
    ),
  ];
  if (labels.length === 0) return 'see the evidence';
  const shown = labels.slice(0, 3).join(', ');
  return labels.length > 3 ? `${shown} and ${labels.length - 3} more` : shown;
}

/** Fills a recommendation template with the check's measured values. */
export function fillTemplate(template: string, check: CheckResult): string {
  const axe = check.id.startsWith('a11y.') ? axeRuleInfo(check.id.slice(5)) : null;
  const values: Record<string, string> = {
    summary: check.summary.replace(/[.\s]+$/, ''),
    examples: examplesOf(check),
    title: check.title,
    help: axe?.help ?? check.title,
    helpUrl: axe?.helpUrl ?? '',
  };
  return template
    .replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
    .replace(/\s*Guidance:\s*$/, '')
    .replace(/\.\./g, '.')
    .trim();
}

function sentence(check: CheckResult): string {
  return check.summary.replace(/\s+$/, '');
}

export function scoreAudit(checks: CheckResult[]): AuditScores {
  const byArea = groupsOf(checks);
  const areas = Object.fromEntries(
    AREAS.map((area) => [area, areaCoverage([...byArea[area].values()].flat())]),
  ) as Record<Area, AreaCoverage>;
  if (!profileWasRead(checks)) {
    const social = areas.socialMedia;
    areas.socialMedia = { ...social, enough: false, coverage: `${social.coverage}; ${NO_PROFILE_READ}` };
  }
  const enough = Object.fromEntries(AREAS.map((area) => [area, areas[area].enough])) as Record<Area, boolean>;
  const published = totals(checks, true, enough);

  const groups = {} as AuditScores['groups'];
  for (const area of AREAS) {
    groups[area] = {};
    for (const [group, groupChecks] of byArea[area]) {
      const applied = groupChecks.filter(applicable).length;
      groups[area][group] = {
        score: published.groups[area][group] ?? null,
        applied,
        total: groupChecks.length,
        coverage: coverageText(group, applied, groupChecks.length),
      };
    }
  }

  const failed = checks.filter((check) => check.status === 'fail');
  const passing = (set: Set<CheckResult>) =>
    checks.map((other) => (set.has(other) ? { ...other, status: 'pass' as const } : other));
  // Rounded to 6 places so that equal gains reached by different sums sort as equal.
  // Passing a failed check never changes which checks apply, so an area without enough measured stays
  // out of the overall score: its fixes gain 0 points, as the overall score shows.
  const exactOverall = (set: Set<CheckResult>) =>
    Math.round((totals(passing(set), false, enough).overall ?? 0) * 1e6) / 1e6;
  const currentExact = exactOverall(new Set());
  const publishedOverall = published.overall ?? 0;
  const scored = failed.map((check) => {
    const gain = Math.max(0, (totals(passing(new Set([check])), true, enough).overall ?? 0) - publishedOverall);
    let exactGain = Math.max(0, exactOverall(new Set([check])) - currentExact);
    // Behind a failed gate (is-crawlable) a fix gains nothing until the gate passes; its priority is
    // judged by what it gains once the gate passes.
    const gates = failed.filter(
      (other) =>
        other !== check && other.area === check.area && other.group === check.group && weightOf(other).gatesGroup,
    );
    if (gates.length > 0) {
      exactGain = Math.max(0, exactOverall(new Set([...gates, check])) - exactOverall(new Set(gates)));
    }
    const weight = weightOf(check);
    const recommendation: ScoredRecommendation = {
      checkId: check.id,
      title: fillTemplate(weight.recommendation.title, check),
      description: fillTemplate(weight.recommendation.description, check),
      priority: priorityFor(exactGain, check),
      estimatedHours: weight.estimatedHours,
      scoreImpact: gain,
      category: weight.category,
    };
    return { check, recommendation, exactGain, weight: weight.weight };
  });
  scored.sort(
    (a, b) =>
      b.recommendation.scoreImpact - a.recommendation.scoreImpact ||
      b.exactGain - a.exactGain ||
      b.weight - a.weight ||
      a.check.id.localeCompare(b.check.id),
  );

  const weaknesses = scored.slice(0, MAX_SENTENCES).map(({ check }) => sentence(check));
  const strengths = strengthsOf(checks, groups);
  return {
    overallScore: publishedOverall,
    overallMeasured: published.overall !== null,
    areas,
    websiteScore: published.areas.website,
    socialMediaScore: published.areas.socialMedia,
    brandAssetsScore: published.areas.brandAssets,
    groups,
    recommendations: scored.map(({ recommendation }) => recommendation),
    strengths: strengths.length ? strengths : checks.length ? ['No measured check passed in this audit'] : [],
    weaknesses: weaknesses.length
      ? weaknesses
      : checks.some(applicable)
        ? ['No measured check failed in this audit']
        : [],
  };
}

/**
 * Strengths, from measured summaries only: every group where all of at least three applicable
 * checks passed ('All 15 SEO checks passed'); for accessibility, how many axe rules passed on every
 * page; then the weightiest passing checks of the other groups (two per group at most).
 */
function strengthsOf(checks: CheckResult[], groups: AuditScores['groups']): string[] {
  const strengths: string[] = [];
  const covered = new Set<string>();
  for (const area of AREAS) {
    for (const [group, score] of Object.entries(groups[area])) {
      const groupChecks = checks.filter((check) => check.area === area && check.group === group && applicable(check));
      const passed = groupChecks.filter((check) => check.status === 'pass').length;
      if (score.score === 100 && groupChecks.length >= 3 && passed === groupChecks.length) {
        strengths.push(`All ${groupChecks.length} ${GROUP_LABELS[group] ?? group} checks passed`);
        covered.add(`${area}/${group}`);
      } else if (group === 'accessibility' && passed >= 5) {
        strengths.push(
          `${passed} of ${groupChecks.length} accessibility rules passed on every tested page where they apply`,
        );
        covered.add(`${area}/${group}`);
      }
    }
  }
  const perGroup = new Map<string, number>();
  const passing = checks
    .map((check, index) => ({ check, index }))
    .filter(({ check }) => check.status === 'pass' && !covered.has(`${check.area}/${check.group}`))
    .sort((a, b) => weightOf(b.check).weight - weightOf(a.check).weight || a.index - b.index);
  for (const { check } of passing) {
    if (strengths.length >= MAX_SENTENCES) break;
    const key = `${check.area}/${check.group}`;
    if ((perGroup.get(key) ?? 0) >= 2) continue;
    perGroup.set(key, (perGroup.get(key) ?? 0) + 1);
    strengths.push(sentence(check));
  }
  return strengths.slice(0, MAX_SENTENCES);
}
