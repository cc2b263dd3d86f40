/**
 * WCAG 2.x contrast of the brand palette, computed with culori. The palette's darkest and lightest
 * colours are its likely text/background pair; every other colour needs at least one palette
 * partner it can carry text on (or be the background for).
 */
import { formatHex, parse, wcagContrast, wcagLuminance } from 'culori';
import { joinWords } from '../../../shared/words.ts';
import { type CheckMeta, countOf, makeCheck, partOf, round, verbForPart } from '../scoring/check-result.ts';
import type { CheckResult, Evidence } from '../types.ts';

/** WCAG 2.x AA for normal text. */
export const AA_NORMAL = 4.5;
export const AA_LARGE = 3;
export const AAA_NORMAL = 7;

const meta = (id: string, title: string): CheckMeta => ({
  id: `brand.${id}`,
  area: 'brandAssets',
  group: 'colourContrast',
  title,
});

/** 'AAA', 'AA', 'AA large text only' or 'fails AA' for a contrast ratio. */
export function wcagLevel(ratio: number): string {
  if (ratio >= AAA_NORMAL) return 'AAA';
  if (ratio >= AA_NORMAL) return 'AA';
  if (ratio >= AA_LARGE) return 'AA large text only';
  return 'fails AA';
}

export type PaletteColour = { input: string; hex: string; luminance: number };

/** The palette's readable colours (duplicates removed) and the entries that are not colours. */
export function readPalette(palette: string[]): { colours: PaletteColour[]; invalid: string[] } {
  const colours: PaletteColour[] = [];
  const invalid: string[] = [];
  const seen = new Set<string>();
  for (const input of palette) {
    const colour = parse(input.trim());
    if (!colour) {
      invalid.push(input);
      continue;
    }
    const hex = formatHex(colour);
    if (seen.has(hex)) continue;
    seen.add(hex);
    colours.push({ input: input.trim(), hex, luminance: wcagLuminance(colour) });
  }
  return { colours, invalid };
}

export function contrastRatio(a: string, b: string): number {
  return wcagContrast(a, b);
}

export function runContrastChecks(palette: string[]): CheckResult[] {
  const pair = meta('contrast-text-pair', 'The palette has a readable text and background pair (AA, 4.5:1)');
  const every = meta('contrast-every-colour', 'Every palette colour has a readable partner in the palette (AA, 4.5:1)');
  const { colours, invalid } = readPalette(palette);
  const invalidEvidence: Evidence[] = invalid.map((value) => ({ value, note: 'Not a colour; left out' }));
  if (colours.length < 2) {
    const summary = `The palette has ${countOf(colours.length, 'usable colour')}; contrast needs at least 2`;
    return [
      makeCheck(pair, 'not_applicable', summary, invalidEvidence),
      makeCheck(every, 'not_applicable', summary, invalidEvidence),
    ];
  }

  const byLuminance = [...colours].sort((a, b) => a.luminance - b.luminance);
  const darkest = byLuminance[0]!;
  const lightest = byLuminance[byLuminance.length - 1]!;
  const coreRatio = contrastRatio(darkest.hex, lightest.hex);
  const pairEvidence: Evidence[] = [
    { selector: `${darkest.hex} on ${lightest.hex}`, value: round(coreRatio), note: wcagLevel(coreRatio) },
    ...invalidEvidence,
  ];
  const pairCheck = makeCheck(
    pair,
    coreRatio >= AA_NORMAL ? 'pass' : 'fail',
    `The darkest and lightest colours (${darkest.hex} on ${lightest.hex}) have a contrast of ${round(coreRatio)}:1 (${wcagLevel(coreRatio)})`,
    pairEvidence,
  );

  const best = colours.map((colour) => {
    let partner = colour;
    let ratio = 0;
    for (const other of colours) {
      if (other === colour) continue;
      const value = contrastRatio(colour.hex, other.hex);
      if (value > ratio) {
        ratio = value;
        partner = other;
      }
    }
    return { colour, partner, ratio };
  });
  const weak = best.filter((entry) => entry.ratio < AA_NORMAL);
  const evidence: Evidence[] = [...weak, ...best.filter((entry) => entry.ratio >= AA_NORMAL)].map((entry) => ({
    selector: `${entry.colour.hex} with ${entry.partner.hex}`,
    value: round(entry.ratio),
    note: `best partner in the palette: ${wcagLevel(entry.ratio)}`,
  }));
  const everyCheck =
    weak.length === 0
      ? makeCheck(
          every,
          'pass',
          `All ${countOf(colours.length, 'colour')} reach ${AA_NORMAL}:1 with another palette colour`,
          evidence,
        )
      : makeCheck(
          every,
          'fail',
          `${partOf(colours.length - weak.length, colours.length, 'colour')} ${verbForPart(colours.length - weak.length, colours.length, 'reaches', 'reach')} ${AA_NORMAL}:1 with another palette colour; ${joinWords(weak.map((entry) => entry.colour.hex))} ${weak.length === 1 ? 'does' : 'do'} not`,
          // only the colours that fall short: one that reaches the ratio listed here would read as a failure
          evidence.slice(0, weak.length),
        );
  return [pairCheck, everyCheck];
}
