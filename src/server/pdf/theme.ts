import type { TScoreBand } from './score-bands.ts';

export const FONT = 'Helvetica';
export const FONT_BOLD = 'Helvetica-Bold';
export const FONT_ITALIC = 'Helvetica-Oblique';
export const FONT_MONO = 'Courier';

export const colours = {
  ink: '#0F172A',
  text: '#334155',
  muted: '#64748B',
  faint: '#94A3B8',
  rule: '#E2E8F0',
  panel: '#F8FAFC',
  panelStrong: '#F1F5F9',
  white: '#FFFFFF',
  /** Brandlens indigo, used when there is no white-label branding */
  brand: '#4F46E5',
  brandSecondary: '#7C3AED',
};

export const bandColours: Record<TScoreBand, { fg: string; bg: string; bar: string }> = {
  good: { fg: '#15803D', bg: '#DCFCE7', bar: '#16A34A' },
  middling: { fg: '#B45309', bg: '#FEF3C7', bar: '#F59E0B' },
  poor: { fg: '#B91C1C', bg: '#FEE2E2', bar: '#DC2626' },
  none: { fg: '#475569', bg: '#F1F5F9', bar: '#CBD5E1' },
};

export const statusColours = {
  pass: { fg: '#15803D', bg: '#DCFCE7' },
  fail: { fg: '#B91C1C', bg: '#FEE2E2' },
  not_applicable: { fg: '#475569', bg: '#E2E8F0' },
  not_measured: { fg: '#6D28D9', bg: '#EDE9FE' },
} as const;

export const priorityColours = {
  /** marketing strategies only: solid, so it stands apart from High */
  Critical: { fg: '#FFFFFF', bg: '#B91C1C' },
  High: { fg: '#B91C1C', bg: '#FEE2E2' },
  Medium: { fg: '#B45309', bg: '#FEF3C7' },
  Low: { fg: '#0F766E', bg: '#CCFBF1' },
} as const;

const HEX = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i;

/** A six-digit upper-case hex colour, or the fallback when the input is not a hex colour. */
export function hexOr(value: string | null | undefined, fallback: string): string {
  const match = value?.trim().match(HEX);
  if (!match?.[1]) return fallback;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return `#${digits.toUpperCase()}`;
}

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** White or ink, whichever reads better on the given background. */
export function textOn(background: string): string {
  return contrastRatio(background, colours.white) >= contrastRatio(background, colours.ink)
    ? colours.white
    : colours.ink;
}

/** The colour itself when it reads on white (3:1, large text), otherwise ink. */
export function readableOnWhite(colour: string): string {
  return contrastRatio(colour, colours.white) >= 3 ? colour : colours.ink;
}

/** Mixes a colour with white; amount 0 is white, 1 the colour. */
export function tint(hex: string, amount: number): string {
  const mix = (i: number) =>
    Math.round(255 - (255 - Number.parseInt(hex.slice(i, i + 2), 16)) * amount)
      .toString(16)
      .padStart(2, '0');
  return `#${mix(1)}${mix(3)}${mix(5)}`.toUpperCase();
}

export type TReportTheme = {
  primary: string;
  onPrimary: string;
  /** primary, or ink when primary is too light for text on white */
  accent: string;
  /** secondary colour as given, for decoration (rules, bars) */
  secondary: string;
  accentTint: string;
};

export function makeTheme(primary?: string | null, secondary?: string | null): TReportTheme {
  const p = hexOr(primary, colours.brand);
  const s = hexOr(secondary, primary ? p : colours.brandSecondary);
  return {
    primary: p,
    onPrimary: textOn(p),
    accent: readableOnWhite(p),
    secondary: contrastRatio(s, colours.white) >= 1.5 ? s : readableOnWhite(p),
    accentTint: tint(p, 0.08),
  };
}
