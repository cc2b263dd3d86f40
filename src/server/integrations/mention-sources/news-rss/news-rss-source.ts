/**
 * News search: Google News's RSS search feed (`/rss/search?q=…&hl=…&gl=…&ceid=…`), no key. One
 * request per run: the feed holds the newest matches (about 100) and has no paging, so a run reads
 * what it holds. The query is the name as a phrase, or the website's domain, with the excluded
 * terms as `-"term"`, limited to items after the `since` day (`after:YYYY-MM-DD`); hl/gl/ceid come
 * from the brand's market (language-COUNTRY, COUNTRY, COUNTRY:language), as Google's own feed
 * addresses write them. A self-hosted mirror answering the same RSS shape may stand in (NEWS_RSS_URL).
 */
import { load } from 'cheerio';
import type { OutsideServicesConfig } from '../../../outside-services-config.ts';
import { fetchService, type RetryPolicy, ServiceError } from '../../http/fetch-service.ts';
import { absoluteHttpUrl, headlineAndBody, insightTextOf } from '../../insight-sources/text.ts';
import type {
  Mention,
  MentionQuery,
  MentionSearchContext,
  MentionSearchResult,
  MentionSource,
  SourceAvailability,
} from '../mention-source.ts';
import { dateOf, mentionTextOf, quotedName } from '../mention-text.ts';

const SERVICE = 'Google News';

/** The query Google News is asked: the name as a phrase or the domain, never the excluded terms. */
export function newsQueryOf(query: MentionQuery): string {
  const wanted = query.domain ? `(${quotedName(query)} OR "${query.domain}")` : quotedName(query);
  const excluded = query.excludeTerms.map((term) => `-"${term.replace(/"/g, '')}"`);
  const after = query.since ? [`after:${query.since.toISOString().slice(0, 10)}`] : [];
  return [wanted, ...excluded, ...after].join(' ');
}

/** hl, gl and ceid for a market, as Google News writes them (en-GB, GB, GB:en). */
export function newsLocaleOf(market: MentionQuery['market']): { hl: string; gl: string; ceid: string } {
  const country = market.country.toUpperCase();
  const language = market.language.toLowerCase();
  return { hl: `${language}-${country}`, gl: country, ceid: `${country}:${language}` };
}

/** "Headline - Publisher" is how Google News titles an item: the publisher's name is said apart. */
function headlineOf(title: string, publisher: string | null): string {
  const suffix = publisher ? ` - ${publisher}` : null;
  return suffix && title.endsWith(suffix) ? title.slice(0, -suffix.length).trim() : title;
}

export function parseNewsFeed(xml: string): Mention[] {
  if (!/<rss[\s>]/i.test(xml)) throw new ServiceError('malformed', `${SERVICE} sent an answer that is not a feed.`);
  const $ = load(xml, { xml: true });
  const mentions: Mention[] = [];
  $('channel > item').each((_, element) => {
    const item = $(element);
    const publisher = mentionTextOf(item.children('source').first().text()) || null;
    const headline = headlineOf(mentionTextOf(item.children('title').first().text()), publisher);
    const link = absoluteHttpUrl(item.children('link').first().text(), 'https://news.google.com/');
    const id = item.children('guid').first().text().trim() || link;
    // Google's description repeats the headline and the publisher; a mirror may give a summary.
    const description = mentionTextOf(item.children('description').first().text());
    const summary = description && description !== headline && description !== `${headline} ${publisher}`;
    const content = summary ? insightTextOf(headlineAndBody(headline, description)) : headline;
    if (!id || !content) return;
    mentions.push({
      externalId: `news_rss:${id}`,
      url: link,
      title: headline || null,
      content,
      authorName: mentionTextOf(item.children('dc\\:creator, author').first().text()) || null,
      authorHandle: null,
      publishedAt: dateOf(item.children('pubDate').first().text().trim()),
      engagement: {},
      rating: null,
      platform: publisher ? `Google News · ${publisher}`.slice(0, 100) : 'Google News',
      channel: 'news',
    });
  });
  return mentions;
}

export class NewsRssSource implements MentionSource {
  readonly kind = 'news_rss' as const;
  readonly label = 'News (Google News)';
  constructor(
    private readonly config: OutsideServicesConfig['newsRss'],
    private readonly retry?: RetryPolicy,
    private readonly wait?: (ms: number) => Promise<unknown>,
  ) {}

  availability(): SourceAvailability {
    return { available: true };
  }

  async search(query: MentionQuery, context: MentionSearchContext): Promise<MentionSearchResult> {
    const url = new URL(this.config.url);
    const locale = newsLocaleOf(query.market);
    url.searchParams.set('q', newsQueryOf(query));
    url.searchParams.set('hl', locale.hl);
    url.searchParams.set('gl', locale.gl);
    url.searchParams.set('ceid', locale.ceid);
    const answer = await fetchService({
      service: SERVICE,
      url,
      headers: { accept: 'application/rss+xml, application/xml;q=0.9, */*;q=0.1' },
      signal: context.signal,
      retry: this.retry,
      wait: this.wait,
    });
    const since = query.since?.getTime() ?? null;
    const all = parseNewsFeed(answer.text).filter(
      (mention) => since === null || !mention.publishedAt || mention.publishedAt.getTime() >= since,
    );
    await context.onProgress?.(Math.min(all.length, query.maxItems));
    return {
      mentions: all.slice(0, query.maxItems),
      stoppedEarly: all.length > query.maxItems ? `Only the newest ${query.maxItems} news items were read.` : null,
    };
  }
}
