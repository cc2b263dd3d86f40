/**
 * Turning what sources carry (HTML fragments, entity-encoded text, headlines and bodies) into the
 * plain text of an insight. HTML becomes text in html-text.ts (cheerio, loaded only by what reads
 * HTML: the feed and page readers).
 */
import { MAX_INSIGHT_CONTENT_LENGTH } from '../../../shared/schemas/insights.ts';
import { hasControlCharacters } from '../../../shared/schemas/text.ts';

/** Collapses runs of white space; the insight is read as one paragraph. */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * A headline and a body as one text: the body alone when it already starts with the headline
 * (feeds often repeat it), the headline alone when there is no body.
 */
export function headlineAndBody(headline: string, body: string): string {
  const title = squash(headline);
  const text = squash(body);
  if (!title) return text;
  if (!text) return title;
  if (text.toLowerCase().startsWith(title.toLowerCase().replace(/[.…]+$/, ''))) return text;
  const stop = /[.!?…:]$/.test(title) ? '' : '.';
  return `${title}${stop} ${text}`;
}

/** Characters the database and the insight schema refuse (C0 and C1 controls except tab and newlines). */
export function withoutControlCharacters(text: string): string {
  if (!hasControlCharacters(text, { multiline: true })) return text;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '');
}

/**
 * A source's text cut to the longest an insight may be, at a word boundary, marked with an
 * ellipsis: articles in news feeds can run longer than any review.
 */
export function clipToInsightLength(text: string, max = MAX_INSIGHT_CONTENT_LENGTH): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.8 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Source text ready to store: controls removed, clipped; empty when nothing is left. */
export function insightTextOf(text: string): string {
  return clipToInsightLength(squash(withoutControlCharacters(text)));
}

/** An http(s) URL resolved against a base, or null. */
export function absoluteHttpUrl(value: string | null | undefined, base: string): string | null {
  if (!value?.trim()) return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The host name shown as an insight's platform: "www.example.com" is "example.com". */
export function platformOf(url: string): string | null {
  try {
    return new URL(url).hostname.replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}
