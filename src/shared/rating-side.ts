import type { TSentimentLabel } from './schemas/insights.ts';

/**
 * The side an author's own star rating (1–5) takes: 1–2 negative, 3 neutral, 4–5 positive. Half
 * stars go to the nearer whole star (2.5 reads as 3, 3.5 as 4).
 */
export function sideOfRating(rating: number): TSentimentLabel {
  const stars = Math.round(rating);
  if (stars <= 2) return 'negative';
  if (stars >= 4) return 'positive';
  return 'neutral';
}

/** A rating as the 1–5 score it gives. */
export function scoreOfRating(rating: number): number {
  return Math.min(5, Math.max(1, Math.round(rating)));
}
