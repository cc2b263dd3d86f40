/**
 * One phrase group of the advertising intelligence and how ad text is matched against it. Ad text
 * is normalised first (lower case, straight quotes, hyphens and dashes as spaces, one space
 * between words) so that a pattern written once matches "Hand-made", "hand made" and "HANDMADE",
 * "don’t" and "don't". Patterns match whole words only: a letter or digit on either side of a
 * match rejects it ("sale" is not found in "wholesale"), including letters outside ASCII.
 */

export type Cue = { label: string; pattern: RegExp };

export const cue = (label: string, source: string): Cue => ({
  label,
  pattern: new RegExp(`(?<![\\p{L}\\p{N}])(?:${source})(?![\\p{L}\\p{N}])`, 'u'),
});

/** Ad text as the patterns read it. */
export function normaliseAdText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[‘’‚‛′`´]/g, "'")
    .replace(/[“”„‟″]/g, '"')
    .replace(/[‐‑‒–—―−-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The labels of a cue list, for the report's "how it is counted". */
export const cueLabels = (cues: Cue[]) => cues.map((entry) => entry.label);

/** The cues of a list that the text matches (the text is normalised here). */
export function matchedCues(cues: Cue[], text: string): Cue[] {
  if (!text) return [];
  return cuesInNormalText(cues, normaliseAdText(text));
}

/** The cues of a list that text already normalised (normaliseAdText) matches: one normalising for many lists. */
export function cuesInNormalText(cues: Cue[], normal: string): Cue[] {
  return normal ? cues.filter((entry) => entry.pattern.test(normal)) : [];
}
