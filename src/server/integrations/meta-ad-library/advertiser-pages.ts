/**
 * The Facebook pages behind a name search of the Ad Library. A search by words finds every ad whose
 * text matches, whoever ran it (a bike shop's name in another shop's ad), so a competitor's ads are
 * only ever read by its page; this lists the pages a name search finds, with how many of the ads
 * read are each page's, for the user to choose the competitor's own.
 */
import { storableText } from '../../db/storable.ts';
import { type AdSearch, type FetchOptions, searchAdsArchive } from './fetch-ads-archive.ts';
import type { MetaAd } from './parse-ads-archive.ts';

/** Ads read to count the pages: enough to rank them, few enough to answer while the user waits. */
export const MAX_ADS_FOR_PAGE_SEARCH = 500;

export type AdvertiserPage = { pageId: string; pageName: string | null; adCount: number };
export type AdvertiserPages = { pages: AdvertiserPage[]; adsRead: number; capped: boolean };

/** Pages by the number of ads they ran, most first (then by name); ads without a page are not counted. */
export function countAdvertiserPages(ads: readonly Pick<MetaAd, 'page_id' | 'page_name'>[]): AdvertiserPage[] {
  const pages = new Map<string, AdvertiserPage>();
  for (const ad of ads) {
    if (!ad.page_id) continue;
    const page = pages.get(ad.page_id) ?? { pageId: ad.page_id, pageName: null, adCount: 0 };
    page.adCount += 1;
    const name = ad.page_name ? storableText(ad.page_name).trim().slice(0, 300) : '';
    if (!page.pageName && name) page.pageName = name;
    pages.set(ad.page_id, page);
  }
  return [...pages.values()].sort(
    (a, b) => b.adCount - a.adCount || (a.pageName ?? '').localeCompare(b.pageName ?? '', 'en-GB'),
  );
}

/** Searches by the words (the competitor's name) and counts the pages found; nothing is stored. */
export async function findAdvertiserPages(
  search: Omit<AdSearch, 'pageId'>,
  options: Omit<FetchOptions, 'onPage' | 'maxAds'> = {},
): Promise<AdvertiserPages> {
  const ads: MetaAd[] = [];
  const outcome = await searchAdsArchive(
    { ...search, pageId: null },
    {
      ...options,
      maxAds: MAX_ADS_FOR_PAGE_SEARCH,
      onPage: async (page) => {
        ads.push(...page.ads);
      },
    },
  );
  return { pages: countAdvertiserPages(ads), adsRead: outcome.read, capped: outcome.capped };
}
