import { type ScoreBand, scoreBand, scoreBandLabels } from '../../../shared/scoring-bands.ts';

/** Tailwind classes for each score band: 80+ green, 60–79 amber, below 60 red. */
const bandClasses: Record<ScoreBand, { text: string; stroke: string; bar: string; soft: string }> = {
  good: {
    text: 'text-success',
    stroke: 'stroke-success',
    bar: 'bg-success',
    soft: 'bg-success/10 text-success ring-success/20',
  },
  middling: {
    text: 'text-amber-600 dark:text-warning',
    stroke: 'stroke-warning',
    bar: 'bg-warning',
    soft: 'bg-warning/15 text-amber-700 ring-warning/30 dark:text-warning',
  },
  poor: {
    text: 'text-destructive',
    stroke: 'stroke-destructive',
    bar: 'bg-destructive',
    soft: 'bg-destructive/10 text-destructive ring-destructive/20',
  },
};

export function scoreTextClass(score: number): string {
  return bandClasses[scoreBand(score)].text;
}

export function scoreStrokeClass(score: number): string {
  return bandClasses[scoreBand(score)].stroke;
}

export function scoreBarClass(score: number): string {
  return bandClasses[scoreBand(score)].bar;
}

/** A tinted background with matching text, for pills. */
export function scoreSoftClass(score: number): string {
  return bandClasses[scoreBand(score)].soft;
}

export function scoreBandLabel(score: number): string {
  return scoreBandLabels[scoreBand(score)];
}
