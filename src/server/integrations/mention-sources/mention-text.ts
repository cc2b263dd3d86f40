/**
 * What the mention sources share: turning a service's text into a mention's text, reading counts
 * as the service states them, and the one query phrase every search source sends.
 */
import { htmlToText } from '../insight-sources/html-text.ts';
import { insightTextOf } from '../insight-sources/text.ts';
import type { MentionQuery } from './mention-source.ts';

/** Plain, storable text from a service's HTML or text field; empty when nothing is left. */
export function mentionTextOf(value: string | null | undefined): string {
  return value ? insightTextOf(htmlToText(value)) : '';
}

/** The counts the service gave as numbers; absent, null or unreadable ones are left out, never 0. */
export function countsOf(values: Record<string, unknown>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [name, value] of Object.entries(values)) {
    const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    if (typeof number === 'number' && Number.isFinite(number) && number >= 0) counts[name] = number;
  }
  return counts;
}

/** A date the service wrote (ISO 8601, RFC 822, Unix seconds); null when unreadable. */
export function dateOf(value: string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The name as an exact phrase; the quotes inside it dropped so the phrase stays one. */
export function quotedName(query: Pick<MentionQuery, 'name'>): string {
  return `"${query.name.replace(/"/g, '').trim()}"`;
}

/** The name written as a hashtag would write it: letters and digits only ("Pedal & Co" → pedalco). */
export function hashtagOfName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, '')
    .toLowerCase();
}
