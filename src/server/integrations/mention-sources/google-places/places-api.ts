/**
 * Google Places API (New), the two calls Brandlens makes, each with the key in `X-Goog-Api-Key`
 * (never in an address) and a field mask in `X-Goog-FieldMask` (required: Google bills by the
 * fields asked for, so only the fields used are asked for):
 *
 * - Text Search: `POST {GOOGLE_PLACES_API_URL}/places:searchText` `{ textQuery, pageSize }` →
 *   `{ places: [{ id, displayName: { text }, formattedAddress, rating, userRatingCount }] }`
 *   (for the place picker; stores nothing).
 * - Place Details: `GET /places/{id}` → the place with `reviews`: **at most five**, chosen by
 *   Google ("most relevant"), with no paging and no way to ask for more or newer ones.
 *
 * Errors are `{ error: { code, message, status, details: [{ reason }] } }`: a refused key is 400
 * INVALID_ARGUMENT with reason API_KEY_INVALID, or 403 PERMISSION_DENIED (API not enabled):
 * both ServiceError 'auth'; 429 RESOURCE_EXHAUSTED (quota or rate) is retried by fetchService,
 * then 'rate_limited'; an unknown place id is 404 NOT_FOUND or 400 INVALID_ARGUMENT ('not_found').
 */
import { fetchService, ServiceError } from '../../http/fetch-service.ts';
import type { Wait } from '../keyed-source-helpers.ts';

const SERVICE = 'Google Places';

export type PlacesConfig = { apiUrl: string; apiKey: string };

export type PlaceCandidate = {
  id: string;
  name: string;
  address: string | null;
  rating: number | null;
  ratingCount: number | null;
};

export type PlaceReview = {
  name?: string;
  relativePublishTimeDescription?: string;
  rating?: number;
  text?: { text?: string; languageCode?: string };
  originalText?: { text?: string; languageCode?: string };
  authorAttribution?: { displayName?: string; uri?: string; photoUri?: string };
  publishTime?: string;
  googleMapsUri?: string;
};

export type PlaceDetails = {
  id: string;
  name: string;
  googleMapsUri: string | null;
  reviews: PlaceReview[];
};

function googleReason(error: ServiceError): string | null {
  try {
    const body = JSON.parse(error.details.body ?? '') as {
      error?: { status?: unknown; details?: { reason?: unknown }[] };
    };
    const reason = body.error?.details?.find((detail) => typeof detail.reason === 'string')?.reason;
    return typeof reason === 'string' ? reason : typeof body.error?.status === 'string' ? body.error.status : null;
  } catch {
    return null;
  }
}

async function call(
  config: PlacesConfig,
  request: { path: string; fieldMask: string; body?: object; signal?: AbortSignal; wait?: Wait },
) {
  const wait = request.wait;
  try {
    const response = await fetchService({
      service: SERVICE,
      url: `${config.apiUrl}${request.path}`,
      method: request.body ? 'POST' : 'GET',
      headers: {
        'x-goog-api-key': config.apiKey,
        'x-goog-fieldmask': request.fieldMask,
        ...(request.body ? { 'content-type': 'application/json' } : {}),
      },
      body: request.body ? JSON.stringify(request.body) : undefined,
      secrets: [config.apiKey],
      signal: request.signal,
      ...(wait ? { wait: (ms: number) => wait(ms, request.signal) } : {}),
    });
    return response.json();
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const reason = googleReason(error);
    if (reason === 'API_KEY_INVALID' || reason === 'API_KEY_SERVICE_BLOCKED' || reason === 'SERVICE_DISABLED') {
      throw new ServiceError('auth', "Google Places refused this server's API key.", { status: error.details.status });
    }
    if (error.details.status === 400 && request.path.startsWith('/places/')) {
      throw new ServiceError('not_found', 'Google Places has no place with this id.', { status: 400 });
    }
    throw error;
  }
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Places matching a text ("Northwind Roasters Leeds"), at most `pageSize` (Google allows 1-20). */
export async function searchPlacesByText(
  config: PlacesConfig,
  textQuery: string,
  pageSize = 10,
): Promise<PlaceCandidate[]> {
  const answer = (await call(config, {
    path: '/places:searchText',
    fieldMask: 'places.id,places.displayName,places.formattedAddress,places.rating,places.userRatingCount',
    body: { textQuery, pageSize },
  })) as {
    places?: {
      id?: unknown;
      displayName?: { text?: unknown };
      formattedAddress?: unknown;
      rating?: unknown;
      userRatingCount?: unknown;
    }[];
  };
  const places: PlaceCandidate[] = [];
  for (const place of answer.places ?? []) {
    const id = text(place.id);
    const name = text(place.displayName?.text);
    if (!id || !name) continue;
    places.push({
      id,
      name,
      address: text(place.formattedAddress),
      rating: count(place.rating),
      ratingCount: count(place.userRatingCount),
    });
  }
  return places;
}

/** The place's name and, when asked, its (at most five) reviews. */
export async function placeDetails(
  config: PlacesConfig,
  placeId: string,
  options: { withReviews: boolean; signal?: AbortSignal; wait?: Wait },
): Promise<PlaceDetails> {
  const answer = (await call(config, {
    path: `/places/${encodeURIComponent(placeId)}`,
    fieldMask: options.withReviews ? 'id,displayName,googleMapsUri,reviews' : 'id,displayName',
    signal: options.signal,
    wait: options.wait,
  })) as { id?: unknown; displayName?: { text?: unknown }; googleMapsUri?: unknown; reviews?: unknown };
  const id = text(answer.id);
  const name = text(answer.displayName?.text);
  if (!id || !name) throw new ServiceError('malformed', 'Google Places sent a place without its id or name.');
  return {
    id,
    name,
    googleMapsUri: text(answer.googleMapsUri),
    reviews: Array.isArray(answer.reviews) ? (answer.reviews as PlaceReview[]) : [],
  };
}
