/**
 * RSS 2.0, Atom 1.0 and RSS 1.0 (RDF) feeds read into items: an id (guid or id, else the link),
 * the item's own date, author, link and its text (headline plus description, summary or content,
 * HTML stripped and entities decoded). Google Alerts feeds are Atom with HTML in the title and
 * links that go through google.com/url; the link kept is the article's.
 *
 * Pure: the body is parsed, never fetched (fetch-feed.ts fetches).
 */
import type { Cheerio, CheerioAPI } from 'cheerio';
import { load } from 'cheerio';
import type { Element } from 'domhandler';
import { htmlToText } from './html-text.ts';
import { absoluteHttpUrl, headlineAndBody, insightTextOf, squash } from './text.ts';
import { checkWellFormed } from './xml-well-formed.ts';

export type FeedFormat = 'rss' | 'atom' | 'rdf';

export type FeedItem = {
  /** guid / id / rdf:about, else the link; null when the item has neither */
  id: string | null;
  link: string | null;
  author: string | null;
  date: Date | null;
  /** headline and body as one plain text; may be empty */
  text: string;
  /** the headline alone, plain text; may be empty */
  title: string;
};

export type ParsedFeed = {
  format: FeedFormat;
  title: string | null;
  link: string | null;
  /** what wrote the feed, as it says (<generator>): "WordPress", "Discourse"; null when it does not say */
  generator: string | null;
  items: FeedItem[];
};

/** The body is not a feed; `message` says what it is instead, for the person who added it. */
export class NotAFeedError extends Error {
  override readonly name = 'NotAFeedError';
}

const HTML_START = /^\s*(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html[\s>]|head[\s>]|body[\s>])/i;

function dateOf(value: string | undefined): Date | null {
  const text = value?.trim();
  if (!text) return null;
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time);
}

/** "jo@example.com (Jo Bloggs)" → "Jo Bloggs"; a bare e-mail address names nobody readable. */
function authorName(value: string | undefined): string | null {
  const text = squash(value ?? '');
  if (!text) return null;
  const inParentheses = /\(([^)]+)\)\s*$/.exec(text)?.[1];
  if (inParentheses) return squash(inParentheses).slice(0, 200) || null;
  if (/^\S+@\S+\.\S+$/.test(text)) return null;
  return text.slice(0, 200);
}

/** Google Alerts (and Google News) links go through google.com/url?url=...: the article is what is meant. */
export function unwrapRedirectLink(link: string): string {
  try {
    const url = new URL(link);
    if (/(^|\.)google\.[a-z.]+$/.test(url.hostname) && url.pathname === '/url') {
      const target = url.searchParams.get('url') ?? url.searchParams.get('q');
      if (target && /^https?:\/\//i.test(target)) return new URL(target).href;
    }
  } catch {
    // not a URL: kept as it was
  }
  return link;
}

/** An Atom text construct (title, summary, content) as plain text, by its declared type. */
function atomText(element: Cheerio<Element>): string {
  if (element.length === 0) return '';
  const type = (element.attr('type') ?? 'text').toLowerCase();
  if (type === 'xhtml') return squash(element.text());
  if (type === 'html' || type === 'text/html') return htmlToText(element.text());
  return squash(element.text());
}

/** The first child element with one of these names (namespace prefixes as written in the feed). */
function child($: CheerioAPI, parent: Element, ...names: string[]): Cheerio<Element> {
  for (const name of names) {
    const found = $(parent)
      .children()
      .filter((_, element) => element.tagName.toLowerCase() === name)
      .first();
    if (found.length > 0) return found;
  }
  return $([]);
}

const textOf = ($: CheerioAPI, parent: Element, ...names: string[]) =>
  child($, parent, ...names)
    .text()
    .trim();

function rssItem($: CheerioAPI, item: Element, base: string): FeedItem {
  const link = absoluteHttpUrl(textOf($, item, 'link') || $(item).attr('rdf:about'), base);
  const guid = textOf($, item, 'guid') || $(item).attr('rdf:about')?.trim() || '';
  const body = textOf($, item, 'description', 'content:encoded', 'dc:description');
  const title = htmlToText(textOf($, item, 'title'));
  return {
    id: guid || link,
    link: link ? unwrapRedirectLink(link) : null,
    author: authorName(textOf($, item, 'dc:creator', 'author', 'itunes:author')),
    date: dateOf(textOf($, item, 'pubdate', 'dc:date', 'a10:updated', 'published', 'updated')),
    text: insightTextOf(headlineAndBody(title, htmlToText(body))),
    title: insightTextOf(title),
  };
}

function atomLink($: CheerioAPI, entry: Element, base: string): string | null {
  const links = $(entry)
    .children()
    .filter((_, element) => element.tagName.toLowerCase() === 'link');
  const alternate =
    links
      .filter((_, element) => ($(element).attr('rel') ?? 'alternate') === 'alternate')
      .first()
      .attr('href') ?? links.first().attr('href');
  const link = absoluteHttpUrl(alternate, base);
  return link ? unwrapRedirectLink(link) : null;
}

function atomEntry($: CheerioAPI, entry: Element, base: string): FeedItem {
  const link = atomLink($, entry, base);
  const body = atomText(child($, entry, 'content')) || atomText(child($, entry, 'summary'));
  const author = child($, entry, 'author');
  const title = atomText(child($, entry, 'title'));
  return {
    id: textOf($, entry, 'id') || link,
    link,
    author: authorName(author.children('name').first().text() || author.text()),
    date: dateOf(textOf($, entry, 'published', 'updated', 'issued', 'modified')),
    text: insightTextOf(headlineAndBody(title, body)),
    title: insightTextOf(title),
  };
}

/** What the root element says the document is. */
function formatOf($: CheerioAPI): FeedFormat | null {
  const root = $.root()
    .children()
    .filter((_, node) => node.type === 'tag')
    .first();
  const name = root.prop('tagName')?.toLowerCase();
  if (name === 'rss') return 'rss';
  if (name === 'feed') return 'atom';
  if (name === 'rdf:rdf' || name?.endsWith(':rdf') || name === 'rdf') return 'rdf';
  return null;
}

/** A link to a feed in an HTML page's head, so the refusal can point at it. */
function advertisedFeed(html: string, base: string): string | null {
  const $ = load(html);
  const href = $('link[rel~="alternate"]')
    .filter((_, element) => /(rss|atom|rdf)\+xml/i.test($(element).attr('type') ?? ''))
    .first()
    .attr('href');
  return absoluteHttpUrl(href, base);
}

/**
 * Reads a feed. Throws NotAFeedError when the body is an HTML page, broken XML or XML of another
 * kind. `feedUrl` resolves relative links.
 */
export function parseFeed(body: string, feedUrl: string): ParsedFeed {
  const text = body.replace(/^\uFEFF/, '');
  if (!text.trim()) throw new NotAFeedError('The address answered with an empty document, not a feed');
  if (HTML_START.test(text)) {
    const advertised = advertisedFeed(text, feedUrl);
    throw new NotAFeedError(
      advertised
        ? `The address is a web page, not a feed. The page links to a feed at ${advertised}: add that address instead`
        : 'The address is a web page, not an RSS or Atom feed',
    );
  }
  const broken = checkWellFormed(text);
  if (broken) throw new NotAFeedError(`The address answered with broken XML, so the feed cannot be read: ${broken}`);
  const $ = load(text, { xml: true });
  const format = formatOf($);
  if (!format) throw new NotAFeedError('The address answered with XML that is not an RSS or Atom feed');

  if (format === 'atom') {
    const feed = $.root().children('feed').first();
    return {
      format,
      title: atomText(feed.children('title').first()) || null,
      link: atomLink($, feed.get(0) as Element, feedUrl),
      generator: squash(feed.children('generator').first().text()) || null,
      items: feed
        .children('entry')
        .toArray()
        .map((entry) => atomEntry($, entry, feedUrl)),
    };
  }
  const root = $.root()
    .children()
    .filter((_, node) => node.type === 'tag')
    .first();
  const channel = root.children('channel').first();
  // RSS 2.0 items sit in the channel; RSS 1.0 items are the channel's siblings.
  const items = format === 'rss' ? channel.children('item') : root.children('item');
  return {
    format,
    title: htmlToText(channel.children('title').first().text()) || null,
    link: absoluteHttpUrl(channel.children('link').first().text(), feedUrl),
    generator: squash(channel.children('generator').first().text()) || null,
    items: items.toArray().map((item) => rssItem($, item, feedUrl)),
  };
}
