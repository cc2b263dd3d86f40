/**
 * TikTok's ad query (`POST /v2/research/adlib/ad/query/`) for one advertiser, page by page, and
 * what of each ad is stored. Only documented fields are read:
 *
 * - ad.id, ad.first_shown_date and ad.last_shown_date (YYYYMMDD), ad.status ("active" or
 *   "inactive"), ad.videos[].url, ad.image_urls, ad.reach.unique_users_seen ("11K"), and
 *   advertiser.business_id / business_name.
 * - Not returned by this query, so never stored or guessed: spend, impressions, the ad's text and
 *   title, its landing page, call to action and objective (TikTok gives text and targeting only
 *   through the per-ad detail endpoint, one request per ad, which the daily quota does not allow
 *   for every ad). TikTok discloses no spend at all.
 * - Coverage: the library holds ads shown in the EU (and EEA), for up to a year after they were
 *   last shown.
 *
 * Paging: the answer's `search_id` is sent back with the same filters while `has_more` is true.
 */
import { z } from 'zod';
import { storableText } from '../../db/storable.ts';
import { idNumber, TikTokApiError, type TikTokSettings, tiktokResearchRequest } from './tiktok-request.ts';

export const AD_QUERY_PATH = '/v2/research/adlib/ad/query/';
export const AD_FIELDS = [
  'ad.id',
  'ad.first_shown_date',
  'ad.last_shown_date',
  'ad.status',
  'ad.videos',
  'ad.image_urls',
  'ad.reach',
  'advertiser.business_id',
  'advertiser.business_name',
] as const;
/** TikTok's largest page (max_count) */
export const TIKTOK_PAGE_SIZE = 50;
/** Ads read per competitor per run at most: 10 pages, so one discovery cannot spend the day's quota. */
export const MAX_TIKTOK_ADS_PER_RUN = 500;

/** EU and EEA countries TikTok's library covers; another market is searched without a country filter. */
export const TIKTOK_LIBRARY_COUNTRIES = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO'.split(' '),
);

/** The public page of an ad in TikTok's Commercial Content Library: no credential in it. */
export function tiktokAdLibraryUrl(adId: string): string {
  return `https://library.tiktok.com/ads/detail/?ad_id=${encodeURIComponent(adId)}`;
}

const ZId = z.union([z.string().regex(/^\d{1,30}$/), z.number().int().nonnegative()]).transform(String);
const ZDay = z.string().regex(/^\d{8}$/);

const ZTikTokAd = z.object({
  ad: z.object({
    id: ZId,
    first_shown_date: ZDay.nullish(),
    last_shown_date: ZDay.nullish(),
    status: z.string().nullish(),
    videos: z.array(z.object({ url: z.string().nullish() }).passthrough()).nullish(),
    image_urls: z.array(z.string()).nullish(),
    reach: z.object({ unique_users_seen: z.string().nullish() }).passthrough().nullish(),
  }),
  advertiser: z.object({ business_id: ZId.nullish(), business_name: z.string().nullish() }).passthrough().nullish(),
});

const ZAdQueryData = z.object({
  ads: z.array(ZTikTokAd).default([]),
  has_more: z.boolean().default(false),
  search_id: z.string().nullish(),
});

export type TikTokAdFields = {
  adId: string;
  firstSeenAt: Date | null;
  lastSeenAt: Date | null;
  isActive: boolean;
  videoUrl: string | null;
  imageUrl: string | null;
  reachAsStated: string | null;
  pageId: string | null;
  pageName: string | null;
  adLibraryUrl: string;
};

/** A YYYYMMDD day at 12:00 UTC, so it is the same day wherever it is shown (as dates typed in are stored). */
function dayOf(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(`${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

const httpAddress = (value: string | null | undefined) =>
  value && /^https?:\/\//i.test(value) && value.length <= 2000 ? value : null;

export function toTikTokAdFields(ad: z.output<typeof ZTikTokAd>): TikTokAdFields {
  const reach = ad.ad.reach?.unique_users_seen?.trim();
  return {
    adId: ad.ad.id,
    firstSeenAt: dayOf(ad.ad.first_shown_date),
    lastSeenAt: dayOf(ad.ad.last_shown_date),
    isActive: ad.ad.status?.toLowerCase() === 'active',
    videoUrl: httpAddress(ad.ad.videos?.find((video) => httpAddress(video.url))?.url),
    imageUrl: httpAddress(ad.ad.image_urls?.find((url) => httpAddress(url))),
    reachAsStated: reach ? storableText(reach).slice(0, 50) : null,
    pageId: ad.advertiser?.business_id ?? null,
    pageName: ad.advertiser?.business_name ? storableText(ad.advertiser.business_name).slice(0, 300) : null,
    adLibraryUrl: tiktokAdLibraryUrl(ad.ad.id),
  };
}

export type TikTokAdsPage = { ads: TikTokAdFields[]; hasMore: boolean; searchId: string | null };

export type AdvertiserAdsQuery = {
  businessId: string;
  /** the brand's ad market; used as TikTok's country filter when the library covers it */
  market: string;
  /** YYYYMMDD bounds of ad_published_date_range */
  from: string;
  to: string;
};

/** One page of the advertiser's ads; `searchId` continues an earlier search. */
export async function queryAdvertiserAdsPage(
  settings: TikTokSettings,
  query: AdvertiserAdsQuery,
  searchId: string | null,
): Promise<TikTokAdsPage> {
  const filters: Record<string, unknown> = {
    advertiser_business_ids: [idNumber(query.businessId)],
    ad_published_date_range: { min: query.from, max: query.to },
  };
  if (TIKTOK_LIBRARY_COUNTRIES.has(query.market)) filters.country_code = query.market;
  const data = await tiktokResearchRequest(settings, AD_QUERY_PATH, AD_FIELDS, {
    filters,
    max_count: TIKTOK_PAGE_SIZE,
    ...(searchId ? { search_id: searchId } : {}),
  });
  const parsed = ZAdQueryData.safeParse(data);
  if (!parsed.success) throw new TikTokApiError('malformed', 'TikTok sent ads in a shape it does not document.');
  // A business id filter should only answer that advertiser's ads; any other is not kept.
  const ads = parsed.data.ads
    .filter((ad) => !ad.advertiser?.business_id || ad.advertiser.business_id === query.businessId)
    .map(toTikTokAdFields);
  return { ads, hasMore: parsed.data.has_more, searchId: parsed.data.search_id ?? null };
}
