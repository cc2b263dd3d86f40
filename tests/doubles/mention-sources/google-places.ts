/**
 * A loopback double of Google Places API (New), key in `X-Goog-Api-Key`, field mask required in
 * `X-Goog-FieldMask` (400 without it):
 * - `POST /places:searchText` `{ textQuery, pageSize }` → `{ places: [...] }` with the masked fields
 *   of the places whose name shares a word with the text;
 * - `GET /places/{id}` → the place; `reviews` only when the mask asks for them, and never more
 *   than five, as Google answers (a test may load more: the double still answers five).
 * A wrong key gets 400 INVALID_ARGUMENT with ErrorInfo reason API_KEY_INVALID; an unknown place id
 * 404 NOT_FOUND, a malformed one 400 INVALID_ARGUMENT.
 */
import { type DoubleReply, type DoubleServer, startDoubleServer, stepBack } from './double-server.ts';

export type PlaceData = { id: string; name: string; address: string; rating: number; userRatingCount: number };

export type GooglePlacesDouble = DoubleServer & {
  apiKey: string;
  addPlace(place: PlaceData): void;
  /** `count` reviews of the place, newest first, a day apart from `newest` (Google answers five). */
  loadReviews(placeId: string, count: number, newest?: Date): void;
};

function googleError(code: number, status: string, message: string, reason?: string): DoubleReply {
  const details = reason
    ? [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'googleapis.com' }]
    : [];
  return { status: code, body: { error: { code, message, status, details } } };
}

/** The fields of `value` the mask names (dotted paths under `prefix`), as Google filters them. */
function masked(value: Record<string, unknown>, mask: string[], prefix = ''): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).filter(([key]) => mask.includes('*') || mask.includes(`${prefix}${key}`)),
  );
}

export async function startGooglePlacesDouble(): Promise<GooglePlacesDouble> {
  const apiKey = 'AIzaPlacesTestKey0123456789abcdef';
  const places = new Map<string, PlaceData>();
  const reviews = new Map<string, object[]>();
  const resource = (place: PlaceData) => ({
    id: place.id,
    displayName: { text: place.name, languageCode: 'en' },
    formattedAddress: place.address,
    rating: place.rating,
    userRatingCount: place.userRatingCount,
    googleMapsUri: `https://maps.google.com/?cid=${place.id.length}${place.id.charCodeAt(4)}`,
  });

  const server = await startDoubleServer((request) => {
    if (request.headers['x-goog-api-key'] !== apiKey) {
      return googleError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', 'API_KEY_INVALID');
    }
    const mask = String(request.headers['x-goog-fieldmask'] ?? '')
      .split(',')
      .map((field) => field.trim())
      .filter(Boolean);
    if (mask.length === 0) return googleError(400, 'INVALID_ARGUMENT', 'FieldMask is a required parameter.');
    if (request.method === 'POST' && request.path === '/places:searchText') {
      const body = JSON.parse(request.body || '{}') as { textQuery?: string; pageSize?: number };
      const words = (body.textQuery ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const found = [...places.values()]
        .filter((place) => words.some((word) => place.name.toLowerCase().includes(word)))
        .slice(0, body.pageSize ?? 20);
      return {
        status: 200,
        body: found.length ? { places: found.map((place) => masked(resource(place), mask, 'places.')) } : {},
      };
    }
    const id = /^\/places\/([^/]+)$/.exec(request.path)?.[1];
    if (request.method === 'GET' && id) {
      const place = places.get(decodeURIComponent(id));
      if (!place) {
        return /^ChIJ/.test(id)
          ? googleError(404, 'NOT_FOUND', `Place '${id}' was not found.`)
          : googleError(400, 'INVALID_ARGUMENT', `Not a valid Place ID: ${id}`);
      }
      const full = { ...resource(place), reviews: (reviews.get(place.id) ?? []).slice(0, 5) };
      return { status: 200, body: masked(full, mask) };
    }
    return googleError(404, 'NOT_FOUND', 'Not found');
  });

  return {
    ...server,
    apiKey,
    addPlace(place) {
      places.set(place.id, place);
    },
    loadReviews(placeId, count, newest = new Date()) {
      reviews.set(
        placeId,
        Array.from({ length: count }, (_, index) => {
          const text = index === 3 ? null : `Lovely flat white at Northwind Roasters (${index + 1})`;
          return {
            name: `places/${placeId}/reviews/R${index + 1}`,
            relativePublishTimeDescription: `${index + 1} days ago`,
            rating: (index % 5) + 1,
            ...(text
              ? {
                  text: { text: `${text} [translated]`, languageCode: 'en' },
                  originalText: { text, languageCode: 'en' },
                }
              : {}),
            authorAttribution: {
              displayName: `Reviewer ${index + 1}`,
              uri: `https://www.google.com/maps/contrib/10${index}`,
              photoUri: `https://lh3.googleusercontent.com/a/${index}`,
            },
            publishTime: stepBack(newest, index, 86_400_000).toISOString(),
            flagContentUri: 'https://www.google.com/local/review/rap/report',
            googleMapsUri: `https://www.google.com/maps/reviews/data=R${index + 1}`,
          };
        }),
      );
    },
  };
}
