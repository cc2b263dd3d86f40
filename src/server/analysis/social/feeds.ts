/**
 * RSS 2.0, RSS 1.0 (RDF) and Atom feeds read into dated items with plain text.
 */
import { load } from 'cheerio';

export type FeedItem = { title: string; date: Date | null; text: string; link: string | null };
export type Feed = { url: string; title: string; items: FeedItem[] };

function plain(html: string): string {
  if (!html.includes('<')) return html.replace(/\s+/g, ' ').trim();
  return load(html).root().text().replace(/\s+/g, ' ').trim();
}

function dateOf(value: string): Date | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  const time = Date.parse(trimmed);
  return Number.isNaN(time) ? null : new Date(time);
}

/** Reads a feed; an unreadable body gives a feed without items. */
export function parseFeed(url: string, body: string): Feed {
  const $ = load(body, { xml: true });
  const items: FeedItem[] = [];
  $('item').each((_, element) => {
    const item = $(element);
    const child = (selector: string) => item.children(selector).first().text();
    items.push({
      title: plain(child('title')),
      date: dateOf(child('pubDate') || child('dc\\:date') || child('date')),
      text: plain(child('content\\:encoded') || child('description')),
      link: child('link').trim() || null,
    });
  });
  $('entry').each((_, element) => {
    const entry = $(element);
    const child = (selector: string) => entry.children(selector).first().text();
    items.push({
      title: plain(child('title')),
      date: dateOf(child('published') || child('updated') || child('issued')),
      text: plain(child('content') || child('summary')),
      link: entry.children('link').first().attr('href') ?? null,
    });
  });
  const title = plain($('channel > title').first().text() || $('feed > title').first().text());
  return { url, title, items };
}
