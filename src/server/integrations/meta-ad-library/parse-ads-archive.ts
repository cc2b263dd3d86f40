/**
 * Reading one answer of Meta's Ad Library API (`ads_archive`) and turning each ad into the fields
 * of an ad library entry. Pure: no fetching here (fetch-ads-archive.ts does that), so every rule
 * below is tested on fixed answers.
 *
 * Meta discloses spend and impressions only for political and issue ads, as ranges; reach only for
 * ads delivered in the EU; targeting only for EU and political ads. What is absent stays null (the
 * UI says "not disclosed"): nothing is estimated. The API gives no landing-page URL for ordinary
 * ads, and ad_creative_link_captions is a display domain, not an address, so no URL is made up.
 *
 * `ad_snapshot_url` is neither asked for nor kept: Meta builds it with the caller's access token
 * in its query string, so storing or showing it would hand the server's token to every user. Each
 * ad links to its public Ad Library page instead, built from its archive id.
 */
import { z } from 'zod';
import { metaAdLibraryAdUrl } from '../../../shared/schemas/ad-discovery.ts';
import type { MetaReachByCountry } from '../../db/schema/competitors.ts';
import { storableJson, storableText } from '../../db/storable.ts';

export class MalformedAnswerError extends Error {
  override readonly name = 'MalformedAnswerError';
}

/** The fields asked for; `currency` is the currency of the spend range. */
export const ADS_ARCHIVE_FIELDS = [
  'id',
  'ad_creation_time',
  'ad_delivery_start_time',
  'ad_delivery_stop_time',
  'ad_creative_bodies',
  'ad_creative_link_titles',
  'ad_creative_link_descriptions',
  'ad_creative_link_captions',
  'page_id',
  'page_name',
  'publisher_platforms',
  'languages',
  'spend',
  'impressions',
  'currency',
  'eu_total_reach',
  'target_ages',
  'target_gender',
  'target_locations',
  'age_country_gender_reach_breakdown',
  'beneficiary_payers',
] as const;

/**
 * The ads_archive `media_type` filter's values (ALL aside). The archived ad has no media-type
 * field, so each ad's media type is the filter of the search that found it.
 */
export const META_MEDIA_TYPES = ['VIDEO', 'IMAGE', 'MEME', 'NONE'] as const;
export type MetaMediaType = (typeof META_MEDIA_TYPES)[number];

const ZRange = z.object({
  lower_bound: z.union([z.string(), z.number()]).optional(),
  upper_bound: z.union([z.string(), z.number()]).optional(),
});

const ZTexts = z.array(z.string()).optional();

const ZMetaAd = z.object({
  id: z.union([z.string().min(1), z.number()]).transform(String),
  ad_creation_time: z.string().optional(),
  ad_delivery_start_time: z.string().optional(),
  ad_delivery_stop_time: z.string().optional(),
  ad_creative_bodies: ZTexts,
  ad_creative_link_titles: ZTexts,
  ad_creative_link_descriptions: ZTexts,
  ad_creative_link_captions: ZTexts,
  page_id: z.union([z.string(), z.number()]).transform(String).optional(),
  page_name: z.string().optional(),
  publisher_platforms: ZTexts,
  languages: ZTexts,
  spend: ZRange.optional(),
  impressions: ZRange.optional(),
  currency: z.string().optional(),
  eu_total_reach: z.number().optional(),
  target_ages: z.array(z.union([z.string(), z.number()]).transform(String)).optional(),
  target_gender: z.string().optional(),
  target_locations: z
    .array(
      z.object({
        name: z.string().optional(),
        type: z.string().optional(),
        excluded: z.boolean().optional(),
      }),
    )
    .optional(),
  age_country_gender_reach_breakdown: z
    .array(
      z.object({
        country: z.string(),
        age_gender_breakdowns: z
          .array(
            z.object({
              age_range: z.string(),
              male: z.number().nullable().optional(),
              female: z.number().nullable().optional(),
              unknown: z.number().nullable().optional(),
            }),
          )
          .optional(),
      }),
    )
    .optional(),
  beneficiary_payers: z
    .array(z.object({ beneficiary: z.string().nullable().optional(), payer: z.string().nullable().optional() }))
    .optional(),
});
export type MetaAd = z.infer<typeof ZMetaAd>;

const ZPage = z.object({
  data: z.array(z.unknown()),
  paging: z.object({ next: z.string().optional() }).optional(),
});

export type AdsArchivePage = { ads: MetaAd[]; next: string | null };

/**
 * One page of the answer, whole or not at all: a body that is not JSON (cut off in transit), has no
 * `data` list, or holds an ad without an id fails with the reason, so nothing of it is stored.
 */
export function parseAdsArchivePage(body: string): AdsArchivePage {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new MalformedAnswerError(
      'Meta Ad Library sent an answer that is not complete JSON (it may have been cut off).',
    );
  }
  const page = ZPage.safeParse(json);
  if (!page.success) throw new MalformedAnswerError('Meta Ad Library sent an answer without a list of ads.');
  const ads: MetaAd[] = [];
  for (const [index, item] of page.data.data.entries()) {
    const ad = ZMetaAd.safeParse(item);
    if (!ad.success) {
      const field = ad.error.issues[0]?.path.join('.') || 'the ad';
      throw new MalformedAnswerError(
        `Meta Ad Library sent an unreadable ad (number ${index + 1} on the page: ${field}).`,
      );
    }
    ads.push(ad.data);
  }
  return { ads, next: page.data.paging?.next ?? null };
}

/** "lower-upper", "lower+" when open-ended (Meta's ">1M"), or null when not disclosed. */
export function formatRange(range: MetaAd['spend']): string | null {
  if (!range) return null;
  const lower = range.lower_bound === undefined ? null : String(range.lower_bound).trim();
  const upper = range.upper_bound === undefined ? null : String(range.upper_bound).trim();
  if (lower && upper) return `${lower}-${upper}`.slice(0, 50);
  if (lower) return `${lower}+`.slice(0, 50);
  if (upper) return `0-${upper}`.slice(0, 50);
  return null;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A Meta time ("2025-03-01" or "2025-03-01T10:00:00+0000"); null when absent or unreadable. */
export function parseMetaTime(value: string | undefined, endOfDay = false): Date | null {
  if (!value) return null;
  const text = DATE_ONLY.test(value)
    ? `${value}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z`
    : value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

export type AdFields = {
  adId: string;
  adText: string | null;
  adTitle: string | null;
  landingPageUrl: string | null;
  /** the ad's public Ad Library page (no credential in it) */
  adLibraryUrl: string;
  pageId: string | null;
  pageName: string | null;
  publisherPlatforms: string[];
  languages: string[];
  firstSeenAt: Date | null;
  lastSeenAt: Date;
  isActive: boolean;
  spend: string | null;
  spendCurrency: string | null;
  impressions: string | null;
  reach: number | null;
  targeting: Record<string, unknown> | null;
  /** the market searched when the ad was found (gathered across searches when stored) */
  metaReachedMarkets: string[];
  metaMediaType: 'image' | 'video' | 'meme' | 'none' | null;
  metaCreativeVersions: number | null;
  metaReachBreakdown: MetaReachByCountry[] | null;
  metaBeneficiaryPayers: { beneficiary: string | null; payer: string | null }[] | null;
};

/** The search that found an ad: its market and media-type filter. */
export type FoundBy = { market: string | null; mediaType: MetaMediaType | null };

const count = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : null;

function reachBreakdownOf(ad: MetaAd): MetaReachByCountry[] | null {
  const countries = ad.age_country_gender_reach_breakdown;
  if (!countries?.length) return null;
  return countries.slice(0, 60).map((entry) => ({
    country: entry.country.slice(0, 60),
    ages: (entry.age_gender_breakdowns ?? []).slice(0, 20).map((age) => ({
      ageRange: age.age_range.slice(0, 20),
      male: count(age.male),
      female: count(age.female),
      unknown: count(age.unknown),
    })),
  }));
}

function beneficiaryPayersOf(ad: MetaAd) {
  const declared = (ad.beneficiary_payers ?? [])
    .map((entry) => ({
      beneficiary: entry.beneficiary?.trim().slice(0, 300) || null,
      payer: entry.payer?.trim().slice(0, 300) || null,
    }))
    .filter((entry) => entry.beneficiary || entry.payer)
    .slice(0, 10);
  return declared.length ? declared : null;
}

/** Versions: the most texts of one kind the ad has (each version or card has its own); null when none. */
function creativeVersionsOf(ad: MetaAd): number | null {
  const most = Math.max(ad.ad_creative_bodies?.length ?? 0, ad.ad_creative_link_titles?.length ?? 0);
  return most > 0 ? most : null;
}

const firstText = (texts: string[] | undefined) =>
  texts?.map((text) => storableText(text).trim()).find(Boolean) ?? null;

function targetingOf(ad: MetaAd): Record<string, unknown> | null {
  const targeting: Record<string, unknown> = {};
  if (ad.target_ages?.length) targeting.ages = ad.target_ages;
  if (ad.target_gender) targeting.gender = ad.target_gender;
  if (ad.target_locations?.length) {
    targeting.locations = ad.target_locations
      .filter((location) => location.name)
      .map((location) => ({ name: location.name, type: location.type ?? null, excluded: location.excluded ?? false }));
  }
  return Object.keys(targeting).length ? targeting : null;
}

/**
 * An ad's entry fields. Active while it has no stop time or stops in the future (a date-only stop
 * runs to the end of that day); last seen is the stop time, or now while it runs. Every text is
 * made storable (no NUL, no lone surrogate) after it is cut to its column's length, so one odd ad
 * cannot fail the page it came on.
 */
export function toAdFields(
  ad: MetaAd,
  now = new Date(),
  foundBy: FoundBy = { market: null, mediaType: null },
): AdFields {
  const stop = parseMetaTime(ad.ad_delivery_stop_time, true);
  const isActive = !stop || stop.getTime() > now.getTime();
  const spend = formatRange(ad.spend);
  const adId = ad.id.slice(0, 200);
  return storableJson({
    adId,
    adText: firstText(ad.ad_creative_bodies),
    adTitle: firstText(ad.ad_creative_link_titles),
    landingPageUrl: null,
    adLibraryUrl: metaAdLibraryAdUrl(adId),
    pageId: ad.page_id?.slice(0, 40) ?? null,
    pageName: ad.page_name?.slice(0, 300) ?? null,
    publisherPlatforms: ad.publisher_platforms ?? [],
    languages: ad.languages ?? [],
    firstSeenAt: parseMetaTime(ad.ad_delivery_start_time) ?? parseMetaTime(ad.ad_creation_time),
    lastSeenAt: isActive || !stop ? now : stop,
    isActive,
    spend,
    spendCurrency: spend && ad.currency && /^[A-Za-z]{3}$/.test(ad.currency) ? ad.currency.toUpperCase() : null,
    impressions: formatRange(ad.impressions),
    reach: ad.eu_total_reach !== undefined && Number.isFinite(ad.eu_total_reach) ? Math.round(ad.eu_total_reach) : null,
    targeting: targetingOf(ad),
    metaReachedMarkets: foundBy.market ? [foundBy.market] : [],
    metaMediaType: foundBy.mediaType ? (foundBy.mediaType.toLowerCase() as AdFields['metaMediaType']) : null,
    metaCreativeVersions: creativeVersionsOf(ad),
    metaReachBreakdown: reachBreakdownOf(ad),
    metaBeneficiaryPayers: beneficiaryPayersOf(ad),
  });
}
