/**
 * The Google place a brand's Google reviews are read from: found by a text search (nothing
 * stored), chosen by the user, checked against Place Details before it is stored with the name
 * Google gives it, and cleared. Without GOOGLE_PLACES_API_KEY every call but reading says the
 * source is not available on this server (409).
 */
import { and, eq } from 'drizzle-orm';
import {
  GOOGLE_REVIEWS_PER_PLACE,
  googlePlacesUnavailableMessage,
  type TBrandGooglePlace,
  type TGooglePlaceSearchResult,
} from '../../../shared/schemas/google-places.ts';
import { brands } from '../../db/schema/index.ts';
import { type Actor, getBrandOrThrow, ownedBy } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import { ServiceError } from '../../integrations/http/fetch-service.ts';
import {
  type PlacesConfig,
  placeDetails,
  searchPlacesByText,
} from '../../integrations/mention-sources/google-places/places-api.ts';
import { assertCanChangeBrand } from '../billing/plan-limits.ts';
import type { FeatureContext } from '../context.ts';

type Ctx = Pick<FeatureContext, 'db' | 'config' | 'logger'>;

function placesConfig(ctx: Ctx): PlacesConfig {
  const { apiUrl, apiKey } = ctx.config.services.googlePlaces;
  if (!apiKey) throw new AppError('conflict', googlePlacesUnavailableMessage);
  return { apiUrl, apiKey };
}

async function changeableBrand(ctx: Ctx, actor: Actor, brandId: string) {
  const brand = await getBrandOrThrow(ctx.db, actor, brandId);
  await assertCanChangeBrand(ctx.db, brand, {
    feature: 'consumerInsights',
    toDoMore: 'choose where Google reviews come from',
  });
  return brand;
}

/** Google's refusal as the user reads it; the key's trouble goes to the log for the administrator. */
function upstream(ctx: Ctx, error: unknown): never {
  if (!(error instanceof ServiceError)) throw error;
  if (error.kind === 'auth')
    ctx.logger.warn('Google Places refused GOOGLE_PLACES_API_KEY: check the key and that Places API (New) is enabled');
  throw new AppError(
    'upstream_failed',
    error.kind === 'auth' ? 'Google Places could not be searched from this server right now.' : error.message,
  );
}

export async function getBrandGooglePlace(
  ctx: Ctx,
  { actor, brandId }: { actor: Actor; brandId: string },
): Promise<TBrandGooglePlace> {
  const brand = await getBrandOrThrow(ctx.db, actor, brandId);
  return {
    available: Boolean(ctx.config.services.googlePlaces.apiKey),
    place: brand.googlePlaceId ? { id: brand.googlePlaceId, name: brand.googlePlaceName ?? brand.googlePlaceId } : null,
    reviewsPerPlace: GOOGLE_REVIEWS_PER_PLACE,
  };
}

export async function searchGooglePlaces(
  ctx: Ctx,
  { actor, brandId, query }: { actor: Actor; brandId: string; query: string },
): Promise<TGooglePlaceSearchResult> {
  await changeableBrand(ctx, actor, brandId);
  const config = placesConfig(ctx);
  try {
    return { query, places: await searchPlacesByText(config, query) };
  } catch (error) {
    upstream(ctx, error);
  }
}

export async function chooseGooglePlace(
  ctx: Ctx,
  { actor, brandId, placeId }: { actor: Actor; brandId: string; placeId: string },
): Promise<TBrandGooglePlace> {
  await changeableBrand(ctx, actor, brandId);
  const config = placesConfig(ctx);
  let name: string;
  try {
    name = (await placeDetails(config, placeId, { withReviews: false })).name;
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'not_found') {
      throw new AppError('validation', 'Google has no place with this id: search again and choose one from the list');
    }
    upstream(ctx, error);
  }
  await ctx.db
    .update(brands)
    .set({ googlePlaceId: placeId, googlePlaceName: name.slice(0, 300) })
    .where(and(eq(brands.id, brandId), ownedBy(actor, brands.userId)));
  return { available: true, place: { id: placeId, name }, reviewsPerPlace: GOOGLE_REVIEWS_PER_PLACE };
}

export async function clearGooglePlace(ctx: Ctx, { actor, brandId }: { actor: Actor; brandId: string }): Promise<void> {
  await changeableBrand(ctx, actor, brandId);
  await ctx.db
    .update(brands)
    .set({ googlePlaceId: null, googlePlaceName: null })
    .where(and(eq(brands.id, brandId), ownedBy(actor, brands.userId)));
}
