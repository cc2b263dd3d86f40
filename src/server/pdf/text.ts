/**
 * Text helpers for the PDF. The report uses the PDF standard fonts (Helvetica, Courier), which only
 * cover the Windows-1252 character set, so every string is mapped into it before rendering.
 */

const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const REPLACEMENTS: Record<string, string> = {
  '≥': '>=',
  '≤': '<=',
  '≠': '!=',
  '≈': '~',
  '→': '->',
  '←': '<-',
  '⇒': '=>',
  '−': '-',
  '‐': '-',
  '‑': '-',
  '′': "'",
  '″': '"',
  '✓': '',
  '✔': '',
  '✗': 'x',
  '✘': 'x',
  '\u2009': ' ',
  '\u202F': ' ',
  '\u2007': ' ',
  '\u200B': '',
  '\u200C': '',
  '\u200D': '',
  '\uFEFF': '',
  '\t': ' ',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
};

function isWinAnsi(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return (
    ch === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.includes(ch)
  );
}

/** Maps a string into what the standard PDF fonts can draw: accents kept where possible. */
export function pdfSafe(text: string): string {
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n')) {
    if (isWinAnsi(ch)) out += ch;
    else if (ch in REPLACEMENTS) out += REPLACEMENTS[ch];
    else if (/\p{Extended_Pictographic}|\p{M}|\p{Cc}|\p{Cf}/u.test(ch)) continue;
    else {
      const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base && [...base].every(isWinAnsi) ? base : '?';
    }
  }
  return out;
}

/** Applies pdfSafe to every string inside a JSON-like value. */
export function pdfSafeDeep<T>(value: T): T {
  if (typeof value === 'string') return pdfSafe(value) as T;
  if (Array.isArray(value)) return value.map((v) => pdfSafeDeep(v)) as T;
  if (value && typeof value === 'object' && !Buffer.isBuffer(value) && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, pdfSafeDeep(v)])) as T;
  }
  return value;
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/**
 * Hyphenation for prose: ordinary words never break; a word too long for any column (a pasted URL,
 * a token) breaks into short pieces so it cannot run out of its box.
 */
export function proseBreaks(word: string): string[] {
  if (word.length <= 22) return [word];
  // not after '-': the line breaker adds a hyphen of its own at every break
  const pieces = word.split(/(?<=[/?&=.,_])/);
  return pieces.flatMap((piece) => piece.match(/.{1,12}/gs) ?? [piece]);
}

/**
 * Splits a URL or code-like value into pieces that a flex-wrap row can break between: cut after
 * separators, then merged back into runs of about half a line (`max` is a line's length in
 * characters) so a long URL costs a handful of text nodes rather than dozens.
 */
export function breakPieces(text: string, max = 28): string[] {
  if (text.length <= max) return [text];
  // the scheme and host stay together: 'https://www.example.co.uk/' is one piece
  const origin = text.match(/^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]+\/?/i)?.[0] ?? '';
  const atoms = [origin, ...text.slice(origin.length).split(/(?<=[/?&=.,;:_ >()[\]"-])/)]
    .filter(Boolean)
    .flatMap((piece) => piece.match(new RegExp(`.{1,${max}}`, 'gs')) ?? []);
  const target = Math.max(4, Math.floor(max / 2));
  const pieces: string[] = [];
  for (const atom of atoms) {
    const last = pieces.at(-1);
    if (last !== undefined && last.length + atom.length <= target) pieces[pieces.length - 1] = last + atom;
    else pieces.push(atom);
  }
  return pieces;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/London',
});
const numberFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

export function formatDate(value: string | Date | null | undefined): string | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

export function formatHours(hours: number): string {
  return `${formatNumber(hours)} h`;
}

export function formatEvidenceValue(value: string | number | boolean | null): string {
  if (value === null) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return formatNumber(value);
  return value.trim() === '' ? '(empty)' : value;
}

export type { TAuditArea as TArea } from '../../shared/audit-labels.ts';
export { areaLabels, auditAreas as areas, groupLabel } from '../../shared/audit-labels.ts';

export const statusLabels = {
  pass: 'Pass',
  fail: 'Fail',
  not_applicable: 'Not applicable',
  not_measured: 'Not measured',
} as const;
