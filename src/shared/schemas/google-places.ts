import { z } from 'zod';
import { ZText } from './text.ts';

/** Google answers at most this many reviews for a place, whichever it judges most relevant. */
export const GOOGLE_REVIEWS_PER_PLACE = 5;

export const googlePlacesUnavailableMessage = 'Google reviews are not available on this server.';

/** `GET /api/brands/{id}/google-places?query=…`: the text to search places by. */
export const ZGooglePlaceSearchQuery = z.object({
  query: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    ZText('Search text', { required: 'Type a name to search for' })
      .min(2, 'Type at least 2 characters to search for a place')
      .max(200, 'Search text must be at most 200 characters'),
  ),
});

/** `PUT /api/brands/{id}/google-place`: the place chosen from the search. */
export const ZChooseGooglePlaceRequest = z.object({
  placeId: z
    .string('Choose a place')
    .trim()
    .min(1, 'Choose a place')
    .max(300, 'That is not a Google place id')
    .regex(/^[A-Za-z0-9_-]+$/, 'That is not a Google place id'),
});

export type TGooglePlaceCandidate = {
  id: string;
  name: string;
  address: string | null;
  /** Google's average rating (1-5) and number of ratings; null when Google gives none. */
  rating: number | null;
  ratingCount: number | null;
};

export type TGooglePlaceSearchResult = { query: string; places: TGooglePlaceCandidate[] };

/** The brand's chosen place, and whether this server can read Google reviews at all. */
export type TBrandGooglePlace = {
  available: boolean;
  place: { id: string; name: string } | null;
  reviewsPerPlace: number;
};
