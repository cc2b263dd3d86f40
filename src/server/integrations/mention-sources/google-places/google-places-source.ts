/**
 * Google reviews of the place(s) the user picked for the brand (MentionQuery.targets.googlePlaceIds,
 * chosen through the place picker), through Google Places API (New) Place Details.
 *
 * Google returns **at most five reviews per place**, the ones it judges most relevant, with no
 * paging and no way to ask for newer ones: this source shows what Google shows, it cannot follow a
 * place's every review. The field mask includes `reviews`, which Google bills at its Place Details
 * Enterprise + Atmosphere rate. There is no search: the place is chosen, so no query or excluded
 * terms are sent (the relevance step still applies them).
 */
import type { OutsideServicesConfig } from '../../../outside-services-config.ts';
import { ServiceError } from '../../http/fetch-service.ts';
import { dateFrom, olderThan, plainText, realWait, unavailable, type Wait } from '../keyed-source-helpers.ts';
import type {
  Mention,
  MentionQuery,
  MentionSearchContext,
  MentionSearchResult,
  MentionSource,
} from '../mention-source.ts';
import { type PlaceReview, placeDetails } from './places-api.ts';

export type GooglePlacesSourceDeps = { wait?: Wait };

/**
 * Mapping: id ← the review's resource `name` (places/…/reviews/…), url ← its `googleMapsUri`, else
 * the place's; content ← `originalText.text` (as written; `text` may be Google's translation),
 * author ← `authorAttribution.displayName`, date ← `publishTime` (`relativePublishTimeDescription`,
 * "a month ago", is not stored: the exact time is), rating ← `rating`. A review with a rating but no
 * text is left out (nothing to read or score). Google gives no engagement counts for reviews.
 */
export function mentionFromPlaceReview(
  review: PlaceReview,
  place: { name: string; googleMapsUri: string | null },
): Mention | null {
  const content = plainText(review.originalText?.text) || plainText(review.text?.text);
  if (!review.name || !content) return null;
  const rating = typeof review.rating === 'number' && review.rating >= 1 && review.rating <= 5 ? review.rating : null;
  return {
    externalId: `google_places:${review.name}`,
    url: review.googleMapsUri ?? place.googleMapsUri,
    title: null,
    content,
    authorName: review.authorAttribution?.displayName?.trim() || null,
    authorHandle: null,
    publishedAt: dateFrom(review.publishTime),
    engagement: {},
    rating,
    platform: `Google · ${place.name}`,
    channel: 'reviews',
  };
}

export function createGooglePlacesMentionSource(
  config: OutsideServicesConfig['googlePlaces'],
  deps: GooglePlacesSourceDeps = {},
): MentionSource {
  const wait = deps.wait ?? realWait;
  return {
    kind: 'google_places',
    label: 'Google reviews',
    availability: () => (config.apiKey ? { available: true } : unavailable('Set GOOGLE_PLACES_API_KEY')),
    async search(query: MentionQuery, context: MentionSearchContext): Promise<MentionSearchResult> {
      const apiKey = config.apiKey;
      if (!apiKey) throw new ServiceError('auth', 'Google Places is not configured on this server.');
      const mentions: Mention[] = [];
      for (const placeId of query.targets.googlePlaceIds) {
        const place = await placeDetails({ apiUrl: config.apiUrl, apiKey }, placeId, {
          withReviews: true,
          signal: context.signal,
          wait,
        });
        for (const review of place.reviews) {
          const mention = mentionFromPlaceReview(review, place);
          if (!mention || olderThan(mention.publishedAt, query.since)) continue;
          if (mentions.length >= query.maxItems)
            return { mentions, stoppedEarly: `Stopped at ${query.maxItems} reviews for this run.` };
          mentions.push(mention);
        }
        await context.onProgress?.(mentions.length);
      }
      return { mentions, stoppedEarly: null };
    },
  };
}
