/**
 * Ratings on any scale brought to the 1-5 scale insights use. schema.org's defaults apply when a
 * rating names no scale: worst 1, best 5.
 */

/** "4.5", "4,5", 4.5 → 4.5; anything else → null. */
export function ratingNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim().replace(/^(\d+),(\d+)$/, '$1.$2');
  if (!/^[-+]?\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

/**
 * A rating of `value` between `worst` and `best`, on the 1-5 scale (two decimals). Null when the
 * scale is impossible or the value lies outside it: a number that cannot be placed is not guessed.
 */
export function normaliseRating(value: unknown, best: unknown = 5, worst: unknown = 1): number | null {
  const rating = ratingNumber(value);
  const top = ratingNumber(best) ?? 5;
  const bottom = ratingNumber(worst) ?? 1;
  if (rating === null || top <= bottom || rating < bottom || rating > top) return null;
  const scaled = 1 + (4 * (rating - bottom)) / (top - bottom);
  return Math.round(scaled * 100) / 100;
}
