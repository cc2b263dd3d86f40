import { z } from 'zod';
import { adPlatforms } from './competitors.ts';
import { taskStatuses } from './insight-sources.ts';

/** Ad discovery (issue 10): a competitor's ads, or all of a brand's competitors', from the Meta Ad Library. */
export const adDiscoveryKinds = ['ad-discovery:competitor', 'ad-discovery:brand'] as const;
export type TAdDiscoveryKind = (typeof adDiscoveryKinds)[number];

export const META_AD_LIBRARY_ACCESS_URL = 'https://www.facebook.com/ads/library/api';

/** Said when no ad source is configured: what to set, and what still works meanwhile. */
export const noAdSourceMessage = `No ad source is configured, so no ads can be discovered. To discover Meta (Facebook, Instagram) ads, get an Ad Library API token at ${META_AD_LIBRARY_ACCESS_URL} and set META_AD_LIBRARY_TOKEN on the server. Adding ads by hand and CSV import still work.`;
export const adDiscoveryRunningMessage =
  'An ad discovery is already running. Wait for it to finish before starting another.';
export const noCompetitorsMessage = 'Add at least one competitor before discovering ads.';

/** What one competitor's search gave. */
export const ZCompetitorDiscoveryOutcome = z.object({
  competitorId: z.uuid(),
  competitorName: z.string(),
  /** how it was searched: by Facebook page id or by the competitor's name */
  searchedBy: z.enum(['page_id', 'name']),
  status: z.enum(['done', 'failed']),
  read: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  /** the search went past the per-run cap; the rest is read next time */
  capped: z.boolean(),
  error: z.string().nullable(),
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
  /** null when discovery can run; otherwise why not, and how to set it up */
  notConfiguredMessage: z.string().nullable(),
});
export type TAdSources = z.infer<typeof ZAdSources>;

export const ZAdDiscoveryTaskParams = z.object({ taskId: z.uuid('Not found') });
