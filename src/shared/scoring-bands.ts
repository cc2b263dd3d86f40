/**
 * Score bands for scores out of 100 (SPEC §9): 80 or more is good, 60 to 79 middling, below 60 poor.
 * The browser colours scores by band; reports use the same bands.
 */
export const scoreBands = ['good', 'middling', 'poor'] as const;
export type ScoreBand = (typeof scoreBands)[number];

/** The lowest score of each band. */
export const SCORE_BAND_FLOORS = { good: 80, middling: 60, poor: 0 } as const satisfies Record<ScoreBand, number>;

export const scoreBandLabels: Record<ScoreBand, string> = {
  good: 'Good',
  middling: 'Fair',
  poor: 'Poor',
};

export function scoreBand(score: number): ScoreBand {
  if (score >= SCORE_BAND_FLOORS.good) return 'good';
  if (score >= SCORE_BAND_FLOORS.middling) return 'middling';
  return 'poor';
}
