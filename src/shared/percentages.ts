/**
 * Whole percentages that add up to exactly 100 (largest remainder): each share is rounded down,
 * then the points left go to the largest remainders, ties to the larger count, then the earlier
 * entry. All zeros when there is nothing to share. Every set of percentages shown together as
 * parts of one whole goes through this, so a reader never sees 101 %.
 */
export function wholePercentages(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return counts.map(() => 0);
  const exact = counts.map((count) => (count * 100) / total);
  const result = exact.map(Math.floor);
  let left = 100 - result.reduce((sum, value) => sum + value, 0);
  const order = counts
    .map((count, index) => ({ index, count, remainder: (exact[index] ?? 0) - (result[index] ?? 0) }))
    .sort((a, b) => b.remainder - a.remainder || b.count - a.count || a.index - b.index);
  for (const entry of order) {
    if (left === 0) break;
    result[entry.index] = (result[entry.index] ?? 0) + 1;
    left -= 1;
  }
  return result;
}

/**
 * A whole-number share of one part on its own, rounded half up; 0 of 0 is 0. For shares that are
 * not parts of one whole (an ad can use several messages), which need not add up to 100.
 */
export const shareOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));
