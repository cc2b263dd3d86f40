/**
 * A loopback double of Google News's RSS search (`/rss/search?q=…&hl=…&gl=…&ceid=…`): an RSS 2.0
 * channel of the items matching the query's quoted phrase or domain, minus `-"term"` exclusions,
 * items shaped as Google's (title "Headline - Publisher", a news.google.com/rss/articles link, a
 * guid with isPermaLink="false", pubDate in RFC 822, a description repeating the headline and the
 * publisher, and `<source url>`), at most 100 of them, newest first, no paging (as Google's).
 * Missing hl/gl/ceid answer 400, as a locale mismatch is refused.
 */
import { type HttpDouble, matchesPhrase, startHttpDouble } from './http-double.ts';

export type NewsItem = {
  id: string;
  headline: string;
  publisher: string;
  publisherUrl: string;
  publishedAt: Date;
  /** the link, when it should not be Google's own article address (a mirror, a syndicated copy) */
  link?: string;
  /** a mirror's summary; Google's own description only repeats the headline */
  summary?: string;
};

export type NewsRssDouble = HttpDouble & {
  searchUrl: string;
  setItems(items: NewsItem[]): void;
  /** items per answer: Google's feed holds about 100; a mirror (and the bench) may hold more */
  setCap(cap: number): void;
};

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function itemXml(item: NewsItem): string {
  const link = item.link ?? `https://news.google.com/rss/articles/${item.id}?oc=5`;
  const description =
    item.summary ??
    `<a href="${link}" target="_blank">${item.headline}</a>&nbsp;&nbsp;<font color="#6f6f6f">${item.publisher}</font>`;
  return `<item><title>${escapeXml(`${item.headline} - ${item.publisher}`)}</title><link>${escapeXml(link)}</link><guid isPermaLink="false">${escapeXml(item.id)}</guid><pubDate>${item.publishedAt.toUTCString()}</pubDate><description>${escapeXml(description)}</description><source url="${escapeXml(item.publisherUrl)}">${escapeXml(item.publisher)}</source></item>`;
}

/**
 * Google's phrase matching is looser than a phrase: an article with the phrase's words apart can
 * come back for it, as it does here (which is why every result is scored for relevance).
 */
function hasWordsOf(text: string, phrase: string): boolean {
  return phrase
    .toLowerCase()
    .split(/\s+/)
    .every((word) => matchesPhrase(text, word));
}

function matches(item: NewsItem, q: string): boolean {
  const text = `${item.headline} ${item.summary ?? ''} ${item.link ?? ''}`;
  const excluded = [...q.matchAll(/-"([^"]+)"/g)].map((match) => match[1] ?? '');
  if (excluded.some((term) => matchesPhrase(text, term))) return false;
  const wanted = [...q.replace(/-"[^"]+"/g, '').matchAll(/"([^"]+)"/g)].map((match) => match[1] ?? '');
  const after = /after:(\d{4}-\d{2}-\d{2})/.exec(q)?.[1];
  if (after && item.publishedAt.getTime() < Date.parse(after)) return false;
  return wanted.some((term) => hasWordsOf(text, term));
}

export async function startNewsRssDouble(): Promise<NewsRssDouble> {
  let items: NewsItem[] = [];
  let cap = 100;
  const double = await startHttpDouble((url, _request, response) => {
    if (url.pathname !== '/rss/search') return response.writeHead(404).end();
    const q = url.searchParams.get('q') ?? '';
    if (!url.searchParams.get('hl') || !url.searchParams.get('gl') || !url.searchParams.get('ceid')) {
      return response.writeHead(400).end('Bad Request');
    }
    const found = items
      .filter((item) => matches(item, q))
      .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime())
      .slice(0, cap);
    const body = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><generator>NFE/5.0</generator><title>${escapeXml(`${q} - Google News`)}</title><link>https://news.google.com/search?q=${encodeURIComponent(q)}</link><language>${escapeXml(url.searchParams.get('hl') ?? '')}</language><lastBuildDate>${new Date().toUTCString()}</lastBuildDate>${found.map(itemXml).join('')}</channel></rss>`;
    response.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' }).end(body);
  });
  return {
    ...double,
    searchUrl: `${double.origin}/rss/search`,
    setItems(next) {
      items = next;
    },
    setCap(next) {
      cap = next;
    },
  };
}
