/**
 * Score bands used by the PDF report. src/shared has no scoring-bands module yet; when it does, this
 * file should re-export it instead of defining its own thresholds.
 */
export type TScoreBand = 'good' | 'middling' | 'poor' | 'none';

export const SCORE_BANDS = [
  { band: 'good', min: 80, label: 'Good', range: '80 to 100' },
  { band: 'middling', min: 60, label: 'Fair', range: '60 to 79' },
  { band: 'poor', min: 0, label: 'Poor', range: 'below 60' },
] as const;

export function scoreBand(score: number | null | undefined): TScoreBand {
  if (score === null || score === undefined || Number.isNaN(score)) return 'none';
  if (score >= 80) return 'good';
  if (score >= 60) return 'middling';
  return 'poor';
}

export function bandLabel(band: TScoreBand): string {
  return SCORE_BANDS.find((b) => b.band === band)?.label ?? 'Not measured';
}
