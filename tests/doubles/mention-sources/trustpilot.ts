/**
 * A loopback double of Trustpilot's public Business Units API (key in the `apikey` header):
 * - `GET /business-units/find?name=<domain>` → the business unit (`id`, `displayName`, `name:
 *   { identifying, referring }`, ...), 404 when no unit has that name;
 * - `GET /business-units/{id}/reviews?perPage&page&orderBy` → `{ links, reviews }`, newest first,
 *   perPage 1-100 (default 20), a `next-page` link while more follow, an empty array past the end.
 * A wrong key gets 401 in Trustpilot's gateway shape (`fault.faultstring`).
 */
import { type DoubleServer, pageOf, startDoubleServer, stepBack } from './double-server.ts';

export type TrustpilotReviewData = {
  id: string;
  stars: number;
  title: string;
  text: string;
  createdAt: string;
  numberOfLikes: number;
  consumer: { id: string; displayName: string; numberOfReviews: number };
};

export type TrustpilotDouble = DoubleServer & {
  apiKey: string;
  /** A business unit for `domain` with `count` reviews, newest first, an hour apart from `newest`. */
  loadBusiness(domain: string, count: number, newest?: Date): { id: string; reviews: TrustpilotReviewData[] };
};

export async function startTrustpilotDouble(): Promise<TrustpilotDouble> {
  const apiKey = 'trustpilot-api-key-0123456789';
  const units = new Map<string, { id: string; domain: string; displayName: string; reviews: TrustpilotReviewData[] }>();
  const api = (path: string) => `https://api.trustpilot.com/v1${path}`;

  const server = await startDoubleServer((request) => {
    if (request.headers.apikey !== apiKey) {
      return {
        status: 401,
        body: { fault: { faultstring: 'Invalid ApiKey', detail: { errorcode: 'oauth.v2.InvalidApiKey' } } },
      };
    }
    if (request.path === '/business-units/find') {
      const unit = [...units.values()].find((candidate) => candidate.domain === request.query.get('name'));
      if (!unit) return { status: 404, body: { message: 'Business unit not found', errorCode: 404 } };
      return {
        status: 200,
        body: {
          links: [{ href: api(`/business-units/${unit.id}`), method: 'GET', rel: 'business-units' }],
          id: unit.id,
          displayName: unit.displayName,
          name: { identifying: unit.domain, referring: [unit.domain, `www.${unit.domain}`] },
          websiteUrl: `https://${unit.domain}`,
          country: 'GB',
          numberOfReviews: { total: unit.reviews.length },
          status: 'active',
          score: { trustScore: 4.2, stars: 4 },
        },
      };
    }
    const match = /^\/business-units\/([^/]+)\/reviews$/.exec(request.path);
    const unit = match ? units.get(match[1] ?? '') : undefined;
    if (!unit) return { status: 404, body: { message: 'Not found', errorCode: 404 } };
    const perPage = Math.min(100, Math.max(1, Number(request.query.get('perPage') ?? '20')));
    const page = Math.max(1, Number(request.query.get('page') ?? '1'));
    const slice = pageOf(unit.reviews, (page - 1) * perPage, perPage);
    const links = [
      { href: api(`/business-units/${unit.id}/reviews?page=${page}&perPage=${perPage}`), method: 'GET', rel: 'self' },
      ...(slice.next === null
        ? []
        : [
            {
              href: api(`/business-units/${unit.id}/reviews?page=${page + 1}&perPage=${perPage}`),
              method: 'GET',
              rel: 'next-page',
            },
          ]),
    ];
    return {
      status: 200,
      body: {
        links,
        reviews: slice.items.map((review) => ({
          links: [{ href: api(`/reviews/${review.id}`), method: 'GET', rel: 'reviews' }],
          ...review,
          consumer: { links: [], displayLocation: null, ...review.consumer },
          businessUnit: { id: unit.id, identifyingName: unit.domain, displayName: unit.displayName },
          language: 'en',
          experiencedAt: review.createdAt,
          updatedAt: null,
          companyReply: null,
          isVerified: false,
          status: 'active',
        })),
      },
    };
  });

  return {
    ...server,
    apiKey,
    loadBusiness(domain, count, newest = new Date()) {
      const id = `5f${domain.replace(/\W/g, '').slice(0, 10).padEnd(10, '0')}c0ffee`;
      const reviews = Array.from({ length: count }, (_, index) => ({
        id: `61a${String(index + 1).padStart(8, '0')}`,
        stars: (index % 5) + 1,
        title: `Review ${index + 1}`,
        text: index % 10 === 9 ? '' : `Ordered from Northwind Roasters, review ${index + 1}.`,
        createdAt: stepBack(newest, index).toISOString(),
        numberOfLikes: index % 4,
        consumer: { id: `c${index}`, displayName: `Customer ${index + 1}`, numberOfReviews: 1 + (index % 5) },
      }));
      units.set(id, { id, domain, displayName: 'Northwind Roasters', reviews });
      return { id, reviews };
    },
  };
}
