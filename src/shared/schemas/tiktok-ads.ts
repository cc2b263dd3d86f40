import { z } from 'zod';
import { taskStatuses } from './insight-sources.ts';
import { ZText } from './text.ts';

/** TikTok ad discovery: one competitor's ads from TikTok's Commercial Content API. */
export const TIKTOK_DISCOVERY_KIND = 'tiktok-discovery:competitor';

export const TIKTOK_COMMERCIAL_CONTENT_URL = 'https://developers.tiktok.com/products/commercial-content-api';

/** What TikTok's library covers, said before and after every TikTok discovery. */
export const tiktokCoverageMessage =
  "TikTok's Commercial Content API covers ads shown in the EU only, kept for a year after they were last shown. It states no spend, and reach only as a rounded number of people.";
export const tiktokNotAvailableMessage = 'TikTok ad discovery is not available on this server.';
/** Administrators only: how to turn it on. */
export const tiktokAdminHint = `To turn on TikTok ad discovery, get an approved Commercial Content API client (${TIKTOK_COMMERCIAL_CONTENT_URL}) and set TIKTOK_CLIENT_KEY and TIKTOK_CLIENT_SECRET on the server, then restart it.`;
export const tiktokDiscoveryRunningMessage =
  'A TikTok ad discovery is already running. Wait for it to finish before starting another.';
export const chooseTikTokAdvertiserFirstMessage = (competitorName: string) =>
  `Choose ${competitorName}'s TikTok advertiser first: "Find TikTok advertiser" lists the advertisers with that name.`;

export const ZTikTokSource = z.object({
  configured: z.boolean(),
  coverage: z.string(),
  notConfiguredMessage: z.string().nullable(),
  /** for administrators only */
  adminHint: z.string().nullable(),
});
export type TTikTokSource = z.infer<typeof ZTikTokSource>;

export const ZTikTokAdvertiserQuery = z.object({
  q: ZText('Search')
    .trim()
    .min(1, 'Enter a name to search for')
    .max(50, 'TikTok searches at most 50 characters')
    .optional(),
});

export const ZTikTokAdvertiser = z.object({
  businessId: z.string(),
  businessName: z.string().nullable(),
  countryCode: z.string().nullable(),
});
export type TTikTokAdvertiser = z.infer<typeof ZTikTokAdvertiser>;
export const ZTikTokAdvertisers = z.object({ searchTerm: z.string(), advertisers: z.array(ZTikTokAdvertiser) });
export type TTikTokAdvertisers = z.infer<typeof ZTikTokAdvertisers>;

/** Chosen from the list, or a business id typed in (TikTok's Ad Library shows it on the advertiser's page). */
export const ZChooseTikTokAdvertiserRequest = z.object({
  businessId: z
    .string({ error: 'Enter the TikTok business id' })
    .trim()
    .regex(/^\d{1,30}$/, 'A TikTok business id is a number, such as 7301234567890123456'),
  businessName: ZText('Advertiser name')
    .trim()
    .max(300, 'The advertiser name must be at most 300 characters')
    .nullish()
    .transform((value) => value || null),
});

export const ZTikTokDiscoveryResult = z.object({
  competitorId: z.uuid(),
  businessId: z.string(),
  read: z.number().int(),
  added: z.number().int(),
  updated: z.number().int(),
  /** the search went past the per-run cap; the rest is read next time */
  capped: z.boolean(),
  coverage: z.string(),
});
export type TTikTokDiscoveryResult = z.infer<typeof ZTikTokDiscoveryResult>;

export const ZTikTokDiscoveryTask = z.object({
  id: z.uuid(),
  status: z.enum(taskStatuses),
  stage: z.string().nullable(),
  percent: z.number().int().min(0).max(100),
  error: z.string().nullable(),
  competitorId: z.uuid().nullable(),
  result: ZTikTokDiscoveryResult.nullable(),
  message: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TTikTokDiscoveryTask = z.infer<typeof ZTikTokDiscoveryTask>;

export const ZTikTokDiscoveryTaskParams = z.object({ taskId: z.uuid() });
