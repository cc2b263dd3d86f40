/**
 * The brand or competitor whose mentions are searched for, and the query its sources are sent:
 * the name (as a phrase), the website's domain, the declared handles and hashtags, the user's
 * required and excluded terms, the market's language and country, and how far back to read.
 */
import { profileOf, type RelevanceSubject } from '../../analysis/relevance/index.ts';
import type { brands, competitors } from '../../db/schema/index.ts';
import type { MentionQuery } from '../../integrations/mention-sources/mention-source.ts';
import { brandSubject, competitorSubject } from '../insight-sources/score-candidates.ts';

type BrandRow = typeof brands.$inferSelect;
type CompetitorRow = typeof competitors.$inferSelect;

export type MentionSubject = {
  brandId: string;
  userId: string;
  /** null for the brand itself */
  competitorId: string | null;
  name: string;
  websiteUrl: string | null;
  handles: MentionQuery['handles'];
  includeTerms: string[];
  excludeTerms: string[];
  /** ISO 3166-1 alpha-2, the brand's ad market */
  country: string;
  /** The Google place the owner chose for the brand's reviews (none for competitors) */
  googlePlaceIds: string[];
  /** what mentions are scored against: the same subject stored mentions are rescored against */
  relevance: RelevanceSubject;
};

/** A first run reads this far back; later runs from shortly before the last successful one. */
export const FIRST_RUN_WINDOW_DAYS = 30;
/** Sources index late (a news article dated yesterday appears today): a day of overlap, deduplicated. */
export const RERUN_OVERLAP_HOURS = 24;
/** At most this many items from one source in one run. */
export const MAX_ITEMS_PER_SOURCE = 500;

const clean = (value: string | null | undefined) => value?.trim().replace(/^@/, '') || undefined;

export function brandMentionSubject(brand: BrandRow): MentionSubject {
  return {
    brandId: brand.id,
    userId: brand.userId,
    competitorId: null,
    name: brand.name,
    websiteUrl: brand.websiteUrl,
    handles: Object.fromEntries(
      Object.entries({
        bluesky: clean(brand.blueskyHandle),
        mastodon: clean(brand.mastodonHandle),
        youtube: clean(brand.youtubeHandle),
        instagram: clean(brand.instagramHandle),
        twitter: clean(brand.twitterHandle),
        tiktok: clean(brand.tiktokHandle),
      }).filter(([, value]) => value),
    ),
    includeTerms: brand.relevanceIncludeTerms,
    excludeTerms: brand.relevanceExcludeTerms,
    country: brand.adMarket,
    googlePlaceIds: brand.googlePlaceId ? [brand.googlePlaceId] : [],
    relevance: brandSubject(brand),
  };
}

export function competitorMentionSubject(competitor: CompetitorRow, brand: BrandRow): MentionSubject {
  return {
    brandId: brand.id,
    userId: competitor.userId,
    competitorId: competitor.id,
    name: competitor.name,
    websiteUrl: competitor.website,
    handles: {},
    includeTerms: competitor.relevanceIncludeTerms,
    excludeTerms: competitor.relevanceExcludeTerms,
    // A competitor is watched in the brand's market.
    country: brand.adMarket,
    googlePlaceIds: [],
    relevance: competitorSubject(competitor),
  };
}

/**
 * The language searched in each market: the country's main language as news services publish
 * in it. Countries with several (Belgium, Switzerland, Canada) take the one most of their press
 * uses; anything not listed is searched in English.
 */
const LANGUAGE_OF_COUNTRY: Record<string, string> = {
  AT: 'de',
  DE: 'de',
  CH: 'de',
  LI: 'de',
  FR: 'fr',
  LU: 'fr',
  MC: 'fr',
  BE: 'nl',
  NL: 'nl',
  ES: 'es',
  MX: 'es',
  AR: 'es',
  CO: 'es',
  CL: 'es',
  PE: 'es',
  IT: 'it',
  PT: 'pt',
  BR: 'pt',
  SE: 'sv',
  DK: 'da',
  NO: 'no',
  FI: 'fi',
  PL: 'pl',
  CZ: 'cs',
  GR: 'el',
  TR: 'tr',
  JP: 'ja',
  KR: 'ko',
  CN: 'zh',
  TW: 'zh',
  HK: 'zh',
};

export function marketOf(country: string): MentionQuery['market'] {
  const code = (country || 'GB').toUpperCase();
  return { language: LANGUAGE_OF_COUNTRY[code] ?? 'en', country: code };
}

export function sinceOf(lastSuccessAt: Date | null, now: Date): Date {
  return lastSuccessAt
    ? new Date(lastSuccessAt.getTime() - RERUN_OVERLAP_HOURS * 3_600_000)
    : new Date(now.getTime() - FIRST_RUN_WINDOW_DAYS * 86_400_000);
}

export function mentionQueryOf(
  subject: MentionSubject,
  settings: { hashtags: string[]; appleAppIds: string[] },
  since: Date,
): MentionQuery {
  return {
    name: subject.name,
    // The scorer's own reading: no domain for an IP address or a site on a shared platform.
    domain: profileOf({ name: subject.name, websiteUrl: subject.websiteUrl }).domain,
    handles: subject.handles,
    hashtags: settings.hashtags,
    includeTerms: subject.includeTerms,
    excludeTerms: subject.excludeTerms,
    market: marketOf(subject.country),
    targets: { appleAppIds: settings.appleAppIds, googlePlaceIds: subject.googlePlaceIds },
    since,
    maxItems: MAX_ITEMS_PER_SOURCE,
  };
}
