/**
 * Reading CSS values the contrast check needs: colours (any CSS colour culori reads, composited in
 * sRGB as browsers do), var() references, font sizes in pixels and font weights.
 */
import { formatHex, formatHex8, parse, type Rgb, rgb as toRgb, wcagContrast } from 'culori';
import { splitTopLevel } from './parse-css.ts';

export type Colour = { r: number; g: number; b: number; alpha: number };

export const WHITE: Colour = { r: 1, g: 1, b: 1, alpha: 1 };
export const BLACK: Colour = { r: 0, g: 0, b: 0, alpha: 1 };
export const TRANSPARENT: Colour = { r: 0, g: 0, b: 0, alpha: 0 };

/** A CSS colour, or null when it is not one culori reads (currentcolor is the caller's). */
export function parseColour(value: string): Colour | null {
  const parsed = parse(value.trim());
  if (!parsed) return null;
  const converted = toRgb(parsed) as Rgb | undefined;
  if (!converted) return null;
  const clamp = (channel: number | undefined) => Math.min(1, Math.max(0, channel ?? 0));
  return {
    r: clamp(converted.r),
    g: clamp(converted.g),
    b: clamp(converted.b),
    alpha: converted.alpha === undefined ? 1 : clamp(converted.alpha),
  };
}

/** `top` painted over `bottom`. */
export function composite(top: Colour, bottom: Colour): Colour {
  const a = top.alpha + bottom.alpha * (1 - top.alpha);
  if (a === 0) return TRANSPARENT;
  const mix = (t: number, b: number) => (t * top.alpha + b * bottom.alpha * (1 - top.alpha)) / a;
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), alpha: a };
}

export function contrastRatio(foreground: Colour, background: Colour): number {
  return wcagContrast({ mode: 'rgb', ...foreground, alpha: 1 }, { mode: 'rgb', ...background, alpha: 1 });
}

export function hexOf(colour: Colour): string {
  const value = { mode: 'rgb' as const, ...colour };
  return colour.alpha < 1 ? formatHex8(value) : formatHex(value);
}

/** Replaces var(--x, fallback) from `custom` (nested fallbacks included); null when one is unset. */
export function resolveVars(value: string, custom: Map<string, string>, depth = 0): string | null {
  if (!value.includes('var(')) return value;
  if (depth > 8) return null;
  const start = value.search(/var\(/i);
  let level = 0;
  let end = start + 4;
  for (; end < value.length; end += 1) {
    if (value[end] === '(') level += 1;
    else if (value[end] === ')') {
      if (level === 0) break;
      level -= 1;
    }
  }
  const inner = value.slice(start + 4, end);
  const [name, ...rest] = splitTopLevel(inner, ',');
  const fallback = rest.length > 0 ? rest.join(',').trim() : null;
  const found = custom.get((name ?? '').trim());
  const replacement = found !== undefined ? resolveVars(found, custom, depth + 1) : fallback;
  if (replacement === null) return null;
  return resolveVars(value.slice(0, start) + replacement + value.slice(end + 1), custom, depth + 1);
}

const FONT_KEYWORDS: Record<string, number> = {
  'xx-small': 9,
  'x-small': 10,
  small: 13,
  medium: 16,
  large: 18,
  'x-large': 24,
  'xx-large': 32,
  'xxx-large': 48,
};

/** A font-size in px from its value and the parent's size; null when it needs layout (vw, calc…). */
export function fontSizePx(value: string, parentPx: number, rootPx: number): number | null {
  const text = value.trim().toLowerCase();
  if (text in FONT_KEYWORDS) return FONT_KEYWORDS[text]!;
  if (text === 'smaller') return parentPx / 1.2;
  if (text === 'larger') return parentPx * 1.2;
  if (text === 'inherit' || text === 'unset') return parentPx;
  if (text === 'initial') return 16;
  const match = /^([\d.]+)(px|em|rem|%|pt|ex|ch)?$/.exec(text);
  if (!match) return null;
  const number = Number(match[1]);
  switch (match[2]) {
    case 'em':
      return number * parentPx;
    case 'rem':
      return number * rootPx;
    case '%':
      return (number * parentPx) / 100;
    case 'pt':
      return (number * 4) / 3;
    case 'ex':
    case 'ch':
      return number * parentPx * 0.5;
    default:
      return number;
  }
}

export function fontWeight(value: string, parent: number): number {
  const text = value.trim().toLowerCase();
  if (text === 'bold') return 700;
  if (text === 'normal' || text === 'initial') return 400;
  if (text === 'bolder') return parent < 400 ? 400 : parent < 600 ? 700 : 900;
  if (text === 'lighter') return parent < 600 ? 100 : parent < 800 ? 400 : 700;
  const number = Number(text);
  return Number.isFinite(number) && number > 0 ? number : parent;
}

/** The size and weight parts of a `font` shorthand (`italic bold 1.2rem/1.4 Inter, sans-serif`). */
export function fontShorthand(value: string): { size: string | null; weight: string | null } {
  const beforeFamily = value.split(/["',]/)[0] ?? '';
  const size =
    /(?:^|\s)([\d.]+(?:px|em|rem|%|pt)|(?:xx?x?-)?(?:small|large)|medium|smaller|larger)(?:\/\S+)?(?:\s|$)/i.exec(
      beforeFamily,
    )?.[1];
  const weight = /(?:^|\s)(bold|bolder|lighter|[1-9]00)(?:\s|$)/i.exec(beforeFamily)?.[1];
  return { size: size ?? null, weight: weight ?? null };
}

/** The colour part of a `background` shorthand (the last layer's), or transparent when it has none. */
export function backgroundShorthand(value: string): { colour: string; image: boolean } {
  const layers = splitTopLevel(value, ',');
  const image = /\b(url|(repeating-)?(linear|radial|conic)-gradient|image-set|image|element|cross-fade)\(/i.test(value);
  const tokens = splitTopLevel((layers.at(-1) ?? '').replace(/\s+/g, ' ').trim(), ' ').filter(Boolean);
  const colour = tokens.find(
    (token) => /^(currentcolor|transparent)$/i.test(token) || (!/^[\d.]/.test(token) && parseColour(token) !== null),
  );
  return { colour: colour ?? 'transparent', image };
}
