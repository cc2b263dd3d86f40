/**
 * Small helpers every check module uses to build CheckResults the same way: evidence capped at ten
 * items with an 'and N more' note, and counts written in words (the one pluralisation helper,
 * shared with the PDFs and the screens).
 */
import type { Area, CheckResult, CheckStatus, Evidence } from '../types.ts';

export const MAX_EVIDENCE_ITEMS = 10;

/** At most `max` items, then one note item saying how many were left out. */
export function capEvidence(items: Evidence[], max = MAX_EVIDENCE_ITEMS): Evidence[] {
  if (items.length <= max) return items;
  const more = items.length - max;
  return [...items.slice(0, max), { note: `and ${more} more` }];
}

export type CheckMeta = { id: string; area: Area; group: string; title: string };

export function makeCheck(
  meta: CheckMeta,
  status: CheckStatus,
  summary: string,
  evidence: Evidence[] = [],
): CheckResult {
  return { ...meta, status, summary, evidence: capEvidence(evidence) };
}

// every count written in a finding or its evidence goes through these, so plurals agree everywhere
export { countOf, partOf, pluralFor, verbFor, verbForPart } from '../../../shared/words.ts';

/** Shortens text for evidence: one line, at most `max` characters. */
export function clip(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Rounds for display: 4.4781 → 4.48 */
export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
