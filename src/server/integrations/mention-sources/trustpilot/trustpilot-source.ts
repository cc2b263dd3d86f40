/**
 * Trustpilot reviews of the brand's business, through Trustpilot's public Business Units API with
 * an API key (sent in the `apikey` header, never in an address).
 *
 * - The business: `GET {TRUSTPILOT_API_URL}/business-units/find?name=<domain>` finds the business
 *   unit whose identifying or referring name is the website's domain (404 when Trustpilot has
 *   none: the run finds nothing, and no other business is guessed from the name).
 * - Its reviews: `GET /business-units/{id}/reviews?perPage=100&page=N&orderBy=createdat.desc`
 *   (perPage 1-100, default 20; a page past the last answers an empty `reviews` array; a
 *   `next-page` link is present while more follow). Newest first, so the first review older than
 *   since ends the run.
 * - What it does not give: the public endpoint has no consumer e-mail, order id or location;
 *   Trustpilot's query has no search, so there are no excluded terms to send (the relevance step
 *   applies them). Limits: 429 with Retry-After is waited on by fetchService.
 */
import type { OutsideServicesConfig } from '../../../outside-services-config.ts';
import { fetchService, ServiceError } from '../../http/fetch-service.ts';
import {
  dateFrom,
  engagementOf,
  keptOnRateLimit,
  olderThan,
  plainText,
  realWait,
  unavailable,
  type Wait,
} from '../keyed-source-helpers.ts';
import type {
  Mention,
  MentionQuery,
  MentionSearchContext,
  MentionSearchResult,
  MentionSource,
} from '../mention-source.ts';

const SERVICE = 'Trustpilot';
const PAGE_SIZE = 100;

export type TrustpilotSourceDeps = { wait?: Wait };

type TrustpilotReview = {
  id?: string;
  stars?: number;
  title?: string;
  text?: string;
  language?: string;
  createdAt?: string;
  numberOfLikes?: number;
  consumer?: { id?: string; displayName?: string };
  links?: { href?: string; rel?: string }[];
};
type ReviewsPage = { reviews?: TrustpilotReview[]; links?: { rel?: string }[] };

/**
 * Mapping: id ← `id`, url ← the review's public page `https://www.trustpilot.com/reviews/<id>`
 * (the API's own `links` point at API resources), title ← `title`, content ← `text`, author ←
 * `consumer.displayName`, date ← `createdAt`, rating ← `stars` (1-5), engagement ← `numberOfLikes`
 * as likes, platform ← "Trustpilot · <business>".
 */
export function mentionFromTrustpilotReview(review: TrustpilotReview, businessName: string | null): Mention | null {
  const content = plainText(review.text) || plainText(review.title);
  if (!review.id || !content) return null;
  const stars = typeof review.stars === 'number' && review.stars >= 1 && review.stars <= 5 ? review.stars : null;
  return {
    externalId: `trustpilot:${review.id}`,
    url: `https://www.trustpilot.com/reviews/${encodeURIComponent(review.id)}`,
    title: plainText(review.title) || null,
    content,
    authorName: review.consumer?.displayName?.trim() || null,
    authorHandle: null,
    publishedAt: dateFrom(review.createdAt),
    engagement: engagementOf({ likes: review.numberOfLikes }),
    rating: stars,
    platform: businessName ? `Trustpilot · ${businessName}` : 'Trustpilot',
    channel: 'reviews',
  };
}

export function createTrustpilotMentionSource(
  config: OutsideServicesConfig['trustpilot'],
  deps: TrustpilotSourceDeps = {},
): MentionSource {
  const wait = deps.wait ?? realWait;

  async function get(path: string, params: URLSearchParams, signal?: AbortSignal) {
    const apiKey = config.apiKey;
    if (!apiKey) throw new ServiceError('auth', 'Trustpilot is not configured on this server.');
    const response = await fetchService({
      service: SERVICE,
      url: `${config.apiUrl}${path}?${params}`,
      headers: { apikey: apiKey },
      secrets: [apiKey],
      signal,
      wait: (ms) => wait(ms, signal),
    });
    return response.json();
  }

  async function findBusiness(domain: string, signal?: AbortSignal) {
    try {
      const unit = (await get('/business-units/find', new URLSearchParams({ name: domain }), signal)) as {
        id?: unknown;
        displayName?: unknown;
      };
      if (typeof unit.id !== 'string')
        throw new ServiceError('malformed', 'Trustpilot sent a business unit without an id.');
      return { id: unit.id, name: typeof unit.displayName === 'string' ? unit.displayName : null };
    } catch (error) {
      if (error instanceof ServiceError && error.kind === 'not_found') return null;
      throw error;
    }
  }

  return {
    kind: 'trustpilot',
    label: 'Trustpilot',
    availability: () => (config.apiKey ? { available: true } : unavailable('Set TRUSTPILOT_API_KEY')),
    async search(query: MentionQuery, context: MentionSearchContext): Promise<MentionSearchResult> {
      const mentions: Mention[] = [];
      try {
        if (!query.domain) return { mentions, stoppedEarly: null };
        const business = await findBusiness(query.domain, context.signal);
        if (!business) return { mentions, stoppedEarly: null };
        for (let page = 1; ; page += 1) {
          const params = new URLSearchParams({
            perPage: String(PAGE_SIZE),
            page: String(page),
            orderBy: 'createdat.desc',
          });
          const answer = (await get(
            `/business-units/${encodeURIComponent(business.id)}/reviews`,
            params,
            context.signal,
          )) as ReviewsPage;
          if (!Array.isArray(answer.reviews))
            throw new ServiceError('malformed', 'Trustpilot sent a reviews page without reviews.');
          for (const review of answer.reviews) {
            const mention = mentionFromTrustpilotReview(review, business.name);
            if (!mention) continue;
            if (olderThan(mention.publishedAt, query.since)) return { mentions, stoppedEarly: null };
            mentions.push(mention);
            if (mentions.length >= query.maxItems) {
              await context.onProgress?.(mentions.length);
              return { mentions, stoppedEarly: `Stopped at ${query.maxItems} reviews for this run.` };
            }
          }
          await context.onProgress?.(mentions.length);
          const more = answer.links?.some((link) => link.rel === 'next-page') ?? answer.reviews.length === PAGE_SIZE;
          if (answer.reviews.length === 0 || !more) return { mentions, stoppedEarly: null };
        }
      } catch (error) {
        return keptOnRateLimit('Trustpilot', mentions, error);
      }
    },
  };
}
