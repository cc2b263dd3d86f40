/**
 * TikTok's advertiser query (`POST /v2/research/adlib/advertiser/query/`): advertisers whose
 * business name matches a search term (at most 50 characters), with their business id and the
 * country they are registered in. The API documents no paging for it: one page of up to 50.
 */
import { z } from 'zod';
import { storableText } from '../../db/storable.ts';
import { TikTokApiError, type TikTokSettings, tiktokResearchRequest } from './tiktok-request.ts';

export const ADVERTISER_QUERY_PATH = '/v2/research/adlib/advertiser/query/';
const ADVERTISER_FIELDS = ['business_id', 'business_name', 'country_code'] as const;
export const MAX_SEARCH_TERM = 50;

const ZAdvertisers = z.object({
  advertisers: z
    .array(
      z.object({
        business_id: z.union([z.string().regex(/^\d{1,30}$/), z.number().int().nonnegative()]).transform(String),
        business_name: z.string().nullish(),
        country_code: z.string().nullish(),
      }),
    )
    .default([]),
});

export type TikTokAdvertiser = { businessId: string; businessName: string | null; countryCode: string | null };

export async function queryAdvertisers(settings: TikTokSettings, searchTerm: string): Promise<TikTokAdvertiser[]> {
  const data = await tiktokResearchRequest(settings, ADVERTISER_QUERY_PATH, ADVERTISER_FIELDS, {
    search_term: searchTerm.slice(0, MAX_SEARCH_TERM),
    max_count: 50,
  });
  const parsed = ZAdvertisers.safeParse(data);
  if (!parsed.success)
    throw new TikTokApiError('malformed', 'TikTok sent advertisers in a shape it does not document.');
  const seen = new Set<string>();
  return parsed.data.advertisers.flatMap((advertiser) => {
    if (seen.has(advertiser.business_id)) return [];
    seen.add(advertiser.business_id);
    return [
      {
        businessId: advertiser.business_id,
        businessName: advertiser.business_name ? storableText(advertiser.business_name).slice(0, 300) : null,
        countryCode:
          advertiser.country_code && /^[A-Z]{2}$/.test(advertiser.country_code) ? advertiser.country_code : null,
      },
    ];
  });
}
