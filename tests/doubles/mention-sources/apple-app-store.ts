/**
 * A loopback double of Apple's iTunes customer-reviews feed in JSON,
 * `/{country}/rss/customerreviews/page={n}/id={appId}/sortby=mostrecent/json`: 50 reviews a page,
 * newest first, pages 1 to 10 only (Apple's bound: 500 reviews), `feed.link` with rel self, first,
 * last, previous and next, entries wrapped as Apple wraps them ({ label }), a single review as an
 * object rather than an array, and no `entry` at all past the last page.
 */
import { type HttpDouble, sendJson, startHttpDouble } from './http-double.ts';

export type AppReview = {
  id: string;
  author: string;
  title: string;
  text: string;
  rating: number;
  updated: Date;
  version?: string;
  voteSum?: number;
  voteCount?: number;
};

export type AppleDouble = HttpDouble & {
  rssUrl: string;
  setReviews(country: string, appId: string, reviews: AppReview[]): void;
};

export const APPLE_PAGE_SIZE = 50;

export function entryOf(review: AppReview, country: string, appId: string) {
  return {
    author: {
      uri: { label: `https://itunes.apple.com/${country}/reviews/id${review.id}0` },
      name: { label: review.author },
      label: '',
    },
    // Apple writes Cupertino's local time with its offset: 2026-11-20T05:00:00-07:00
    updated: { label: `${new Date(review.updated.getTime() - 7 * 3_600_000).toISOString().slice(0, 19)}-07:00` },
    'im:rating': { label: String(review.rating) },
    'im:version': { label: review.version ?? '1.0' },
    id: { label: review.id },
    title: { label: review.title },
    content: { label: review.text, attributes: { type: 'text' } },
    link: {
      attributes: {
        rel: 'related',
        href: `https://itunes.apple.com/${country}/review?id=${appId}&type=Purple%20Software`,
      },
    },
    'im:voteSum': { label: String(review.voteSum ?? 0) },
    'im:contentType': { attributes: { term: 'Application', label: 'Application' } },
    'im:voteCount': { label: String(review.voteCount ?? 0) },
  };
}

export async function startAppleDouble(): Promise<AppleDouble> {
  const reviews = new Map<string, AppReview[]>();
  const double = await startHttpDouble((url, _request, response) => {
    const match = /^\/([a-z]{2})\/rss\/customerreviews\/page=(\d+)\/id=(\d+)\/sortby=mostrecent\/json$/i.exec(
      url.pathname,
    );
    if (!match) return response.writeHead(400).end('Bad Request');
    const [country, page, appId] = [match[1]!.toLowerCase(), Number(match[2]), match[3]!];
    const all = [...(reviews.get(`${country}/${appId}`) ?? [])].sort(
      (a, b) => b.updated.getTime() - a.updated.getTime(),
    );
    const lastPage = Math.max(1, Math.min(10, Math.ceil(all.length / APPLE_PAGE_SIZE)));
    const pageUrl = (n: number) =>
      `https://itunes.apple.com/${country}/rss/customerreviews/page=${n}/id=${appId}/sortby=mostrecent/json?urlDesc=/customerreviews/id=${appId}/sortBy=mostRecent/json`;
    const entries =
      page >= 1 && page <= 10
        ? all
            .slice((page - 1) * APPLE_PAGE_SIZE, page * APPLE_PAGE_SIZE)
            .map((review) => entryOf(review, country, appId))
        : [];
    const link = [
      {
        attributes: {
          rel: 'alternate',
          type: 'text/html',
          href: `https://apps.apple.com/WebObjects/MZStore.woa/wa/viewGrouping?cc=${country}&id=1`,
        },
      },
      { attributes: { rel: 'self', href: pageUrl(page) } },
      { attributes: { rel: 'first', href: pageUrl(1) } },
      { attributes: { rel: 'last', href: pageUrl(lastPage) } },
      { attributes: { rel: 'previous', href: pageUrl(Math.max(1, page - 1)) } },
      { attributes: { rel: 'next', href: pageUrl(Math.min(lastPage, page + 1)) } },
    ];
    const feed: Record<string, unknown> = {
      author: { name: { label: 'iTunes Store' }, uri: { label: 'http://www.apple.com/uk/itunes/' } },
      updated: { label: new Date().toISOString() },
      rights: { label: 'Copyright 2008 Apple Inc.' },
      title: { label: 'iTunes Store: Customer Reviews' },
      icon: { label: 'http://itunes.apple.com/favicon.ico' },
      link,
      id: { label: pageUrl(page) },
    };
    if (entries.length === 1) feed.entry = entries[0];
    else if (entries.length > 1) feed.entry = entries;
    sendJson(response, { feed });
  });
  return {
    ...double,
    rssUrl: double.origin,
    setReviews(country, appId, list) {
      reviews.set(`${country.toLowerCase()}/${appId}`, list);
    },
  };
}
