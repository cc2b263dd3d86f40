/**
 * What a landing page says: its title, and its main call to action (the most prominent button or
 * button-like link: "Shop now", "Book a table"). Prominence is judged from the markup alone: a
 * control marked primary or cta wins, then the earliest in the document, since the first screen of
 * a page carries its main action. Navigation, cookie and account controls are not calls to action.
 */
import * as cheerio from 'cheerio';
import { storableText } from '../../db/storable.ts';

const CANDIDATES =
  'button, a[class*="btn"], a[class*="button"], a[role="button"], input[type="submit"], input[type="button"]';
const NOT_AN_ACTION =
  /^(menu|close|search|ok|accept|accept all|reject|reject all|cookie settings|manage cookies|log ?in|sign ?in|my account|account|basket|cart|skip to content|toggle navigation|previous|next|×|x)$/i;
const PROMINENT = /\b(primary|cta|hero|main)\b|btn-primary|button--primary|call-to-action/i;
const MAX_CTA_LENGTH = 60;

export type LandingPageFacts = { title: string | null; cta: string | null };

/** Text of the page as it will be stored: no NUL or lone surrogate, whitespace collapsed. */
const clean = (text: string | undefined) =>
  storableText(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();

export function extractLandingPageFacts(html: string): LandingPageFacts {
  const $ = cheerio.load(html);
  const title = clean($('title').first().text()) || clean($('meta[property="og:title"]').attr('content')) || null;
  const found: { text: string; score: number }[] = [];
  const elements = $(CANDIDATES).toArray();
  for (const [index, element] of elements.entries()) {
    const node = $(element);
    if (node.closest('nav, footer, [aria-hidden="true"], [hidden], dialog, [class*="cookie"], [id*="cookie"]').length)
      continue;
    const text =
      clean(element.tagName === 'input' ? node.attr('value') : node.text()) || clean(node.attr('aria-label'));
    if (text.length < 2 || text.length > MAX_CTA_LENGTH || NOT_AN_ACTION.test(text)) continue;
    const marked = PROMINENT.test(`${node.attr('class') ?? ''} ${node.attr('id') ?? ''}`);
    // Earlier is more prominent; a control marked primary outranks position.
    const score = (marked ? 1 : 0) + (1 - index / Math.max(1, elements.length));
    found.push({ text, score });
  }
  found.sort((a, b) => b.score - a.score);
  // Cut to length, then cleaned again: a cut can split a surrogate pair.
  return { title: title ? storableText(title.slice(0, 500)) : null, cta: found[0]?.text ?? null };
}
