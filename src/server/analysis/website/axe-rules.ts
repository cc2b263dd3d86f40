/**
 * Which axe-core rules the audit runs, and what each rule is (impact, help text) for weights and
 * recommendations. Rules that need a rendered page (layout, colours, sizes, scrolling, frames)
 * cannot give a true answer on jsdom and are switched off.
 */
import axe from 'axe-core';

export type AxeImpact = 'minor' | 'moderate' | 'serious' | 'critical';

export type AxeRuleInfo = {
  id: string;
  impact: AxeImpact;
  /** e.g. 'Images must have alternative text' */
  help: string;
  description: string;
  helpUrl: string;
  tags: string[];
};

/** WCAG 2.0-2.2 A and AA rules plus axe's best practices (experimental and AAA rules are left out, as axe does by default). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Rules switched off, and why. */
export const AXE_DISABLED_RULES: Record<string, string> = {
  'color-contrast': 'needs rendered colours: measured from the CSS cascade instead (colour-contrast.ts)',
  'color-contrast-enhanced': 'needs rendered colours and layout',
  'link-in-text-block': 'needs rendered colours',
  'target-size': 'needs element sizes from layout',
  'scrollable-region-focusable': 'needs scroll sizes from layout',
  region: 'needs on-screen positions to tell visible content apart',
  'css-orientation-lock': 'needs the fetched stylesheets applied',
  'frame-tested': 'frames are not loaded',
  'frame-focusable-content': 'frames are not loaded',
  'p-as-heading': 'needs computed font sizes',
};

type AuditInternals = {
  rules: { id: string; impact?: AxeImpact; any: unknown[]; all: unknown[]; none: unknown[] }[];
  data: { checks: Record<string, { impact?: AxeImpact }> };
};

const SEVERITY: Record<AxeImpact, number> = { minor: 0, moderate: 1, serious: 2, critical: 3 };

let infoById: Map<string, AxeRuleInfo> | null = null;

function buildInfo(): Map<string, AxeRuleInfo> {
  const audit = (axe as unknown as { _audit?: AuditInternals })._audit;
  const map = new Map<string, AxeRuleInfo>();
  for (const rule of axe.getRules()) {
    const internal = audit?.rules.find((candidate) => candidate.id === rule.ruleId);
    let impact: AxeImpact = internal?.impact ?? 'moderate';
    if (!internal?.impact && internal) {
      // The rule's worst possible outcome: the most severe of its checks.
      for (const check of [...internal.any, ...internal.all, ...internal.none]) {
        const id = typeof check === 'string' ? check : (check as { id: string }).id;
        const checkImpact = audit?.data.checks[id]?.impact;
        if (checkImpact && SEVERITY[checkImpact] > SEVERITY[impact]) impact = checkImpact;
      }
    }
    map.set(rule.ruleId, {
      id: rule.ruleId,
      impact,
      help: rule.help,
      description: rule.description,
      helpUrl: rule.helpUrl.replace(/\?application=axeAPI$/, ''),
      tags: rule.tags,
    });
  }
  return map;
}

/** axe's description of a rule, or null for an id axe does not know. */
export function axeRuleInfo(ruleId: string): AxeRuleInfo | null {
  infoById ??= buildInfo();
  return infoById.get(ruleId) ?? null;
}

export function impactSeverity(impact: AxeImpact): number {
  return SEVERITY[impact];
}
