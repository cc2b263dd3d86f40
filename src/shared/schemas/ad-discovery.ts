import { z } from 'zod';
import { adPlatforms } from './competitors.ts';
import { taskStatuses } from './insight-sources.ts';

/** Meta ad discovery (issue 10): a competitor's ads, or all of a brand's competitors', from the Meta Ad Library. */
export const adDiscoveryKinds = ['ad-discovery:competitor', 'ad-discovery:brand'] as const;
export type TAdDiscoveryKind = (typeof adDiscoveryKinds)[number];

export const META_AD_LIBRARY_ACCESS_URL = 'https://www.facebook.com/ads/library/api';

/**
 * An ad's public page in Meta's Ad Library: what every Meta ad links to. Meta's own
 * `ad_snapshot_url` carries the API caller's access token, so it is never stored or shown.
 */
export function metaAdLibraryAdUrl(adId: string): string {
  return `https://www.facebook.com/ads/library/?id=${encodeURIComponent(adId)}`;
}

/** Said to users when no ad source is configured: what they can do meanwhile. */
export const noAdSourceMessage = "Automatic ad discovery isn't available yet: add ads by hand or import a CSV.";
/** Said instead when Meta's library is not configured but TikTok's is: automatic discovery still runs there. */
export const noMetaSourceMessage =
  "Meta ad discovery isn't available on this server: add Meta ads by hand or import a CSV. TikTok ads are still discovered automatically, in TikTok Ads.";
/** Why Meta discovery cannot run, true whether or not the other connected library (TikTok) can. */
export const metaUnavailableMessage = (tiktokConfigured: boolean) =>
  tiktokConfigured ? noMetaSourceMessage : noAdSourceMessage;
/** Said to administrators only (ADMIN_EMAILS, ADMIN_USER_IDS): how to turn Meta discovery on. */
export const noAdSourceAdminHint = `To turn on Meta ad discovery, get a Meta Ad Library API token at ${META_AD_LIBRARY_ACCESS_URL} and set META_AD_LIBRARY_TOKEN on the server, then restart it.`;
export const adDiscoveryRunningMessage =
  'An ad discovery is already running. Wait for it to finish before starting another.';
export const noCompetitorsMessage = 'Add at least one competitor before discovering ads.';
/** A competitor's ads are searched by its Facebook page only: a name also finds other advertisers. */
export const choosePageFirstMessage = (competitorName: string) =>
  `Choose ${competitorName}'s Facebook page first: "Find Facebook page" lists the pages that advertise under that name.`;
export const noChosenPagesMessage =
  'None of these competitors has a Facebook page chosen yet. Use "Find Facebook page" beside each one first.';
export const needsPageOutcomeMessage = 'Not searched: choose its Facebook page first.';

/** What one competitor's search gave. */
export const ZCompetitorDiscoveryOutcome = z.object({
  competitorId: z.uuid(),
  competitorName: z.string(),
  /** the brand's own row, searched beside its competitors (results from before: false) */
  isOwnBrand: z.boolean().default(false),
  /**
   * how it was searched: by its Facebook page id; 'name' only in results from before a page had
   * to be chosen; null when it was not searched (no page chosen)
   */
  searchedBy: z.enum(['page_id', 'name']).nullable(),
  /** needs_page: no Facebook page chosen, so nothing was searched or stored */
  status: z.enum(['done', 'failed', 'needs_page']),
  read: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  /** the search went past the per-run cap; the rest is read next time */
  capped: z.boolean(),
  error: z.string().nullable(),
  /**
   * a search that found no ads: whether the markets' coverage explains it (Meta returns only
   * political and issue ads there) or the page ran none in a market where Meta returns every ad
   */
  zeroAdsReason: z.enum(['market_coverage', 'no_ads_in_covered_markets']).nullable().default(null),
  zeroAdsMessage: z.string().nullable().default(null),
});
export type TCompetitorDiscoveryOutcome = z.infer<typeof ZCompetitorDiscoveryOutcome>;

export const ZAdDiscoveryResult = z.object({
  brandId: z.uuid(),
  added: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
  /** ads read per competitor per run at most */
  capPerCompetitor: z.number().int(),
  countries: z.array(z.string()),
  competitors: z.array(ZCompetitorDiscoveryOutcome),
});
export type TAdDiscoveryResult = z.infer<typeof ZAdDiscoveryResult>;

export const ZAdDiscoveryTask = z.object({
  id: z.uuid(),
  kind: z.enum(adDiscoveryKinds),
  status: z.enum(taskStatuses),
  stage: z.string().nullable(),
  percent: z.number().int().min(0).max(100),
  error: z.string().nullable(),
  /** the competitor searched (competitor kind) */
  competitorId: z.uuid().nullable(),
  /** the brand whose competitors are searched (brand kind) */
  brandId: z.uuid().nullable(),
  result: ZAdDiscoveryResult.nullable(),
  /** a sentence for the person who started it */
  message: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAdDiscoveryTask = z.infer<typeof ZAdDiscoveryTask>;

export const ZActiveAdDiscovery = z.object({ task: ZAdDiscoveryTask.nullable() });
export type TActiveAdDiscovery = z.infer<typeof ZActiveAdDiscovery>;

/** GET /api/ad-discovery/sources: which platforms are discovered automatically, and which are not. */
export const ZAdSources = z.object({
  metaConfigured: z.boolean(),
  connectedPlatforms: z.array(z.enum(adPlatforms)),
  manualPlatforms: z.array(z.enum(adPlatforms)),
  /** null when discovery can run; otherwise what the user can do instead */
  notConfiguredMessage: z.string().nullable(),
  /** how to configure discovery: only for administrators, and only while it is not configured */
  adminHint: z.string().nullable(),
});
export type TAdSources = z.infer<typeof ZAdSources>;

export const ZAdDiscoveryTaskParams = z.object({ taskId: z.uuid('Not found') });

/** One Facebook page that a name search of the Ad Library found, with how many of the ads read are its. */
export const ZFacebookPageCandidate = z.object({
  pageId: z.string(),
  pageName: z.string().nullable(),
  adCount: z.number().int(),
});
export type TFacebookPageCandidate = z.infer<typeof ZFacebookPageCandidate>;

/** GET /api/competitors/{id}/facebook-pages: the pages advertising under the competitor's name. */
export const ZFacebookPageCandidates = z.object({
  competitorId: z.uuid(),
  /** the words searched: the competitor's name */
  searchedFor: z.string(),
  /** the ad market searched (the brand's) */
  countries: z.array(z.string()),
  /** ads read to count the pages; the counts are out of these */
  adsRead: z.number().int(),
  /** more ads matched than were read: the counts are of the first ones */
  capped: z.boolean(),
  /** most ads first */
  pages: z.array(ZFacebookPageCandidate),
});
export type TFacebookPageCandidates = z.infer<typeof ZFacebookPageCandidates>;

/** GET /api/brands/{id}/ad-market-coverage: what Meta's API returns in each of the brand's markets. */
export const ZAdMarketCoverage = z.object({
  brandId: z.uuid(),
  markets: z.array(
    z.object({
      market: z.string(),
      /** all_ads: every ad delivered there; uncertain: Meta's pages disagree (UK); political_only */
      kind: z.enum(['all_ads', 'uncertain', 'political_only']),
      message: z.string(),
    }),
  ),
  /** some market gives every ad: discovery can find ordinary ads there */
  anyFullCoverage: z.boolean(),
});
export type TAdMarketCoverage = z.infer<typeof ZAdMarketCoverage>;
