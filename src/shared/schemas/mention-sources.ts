import { z } from 'zod';
import { ZText } from './text.ts';

/**
 * Sources of mentions found by the brand's (or competitor's) name: each one's settings, health and
 * what it needs, for the Sources card (issue 20). The kinds are the server's MENTION_SOURCE_KINDS.
 */
export const mentionSourceKinds = [
  'news_rss',
  'hacker_news',
  'mastodon',
  'apple_app_store',
  'reddit',
  'bluesky',
  'youtube',
  'trustpilot',
  'google_places',
] as const;
export type TMentionSourceKind = (typeof mentionSourceKinds)[number];

/** What each source needs from the user, in a line. */
export const mentionSourceNeeds: Record<TMentionSourceKind, string> = {
  news_rss: 'Needs only the name: searches Google News in your market’s language and country.',
  hacker_news: 'Needs only the name: searches Hacker News stories and comments.',
  mastodon: 'Reads public hashtag timelines: add your hashtags, or the name written as one hashtag is read.',
  apple_app_store: 'Needs your app’s App Store id (the number in its apps.apple.com address).',
  reddit: 'Needs only the name: searches Reddit posts and comments.',
  bluesky: 'Needs only the name: searches Bluesky posts.',
  youtube: 'Needs only the name: searches videos and their comments, and your channel’s comments.',
  trustpilot: 'Needs your website: reads the Trustpilot reviews of your domain.',
  google_places: 'Needs your place: choose it from a Google Maps search.',
};

/** Why a source read nothing this time, when it did not fail. */
export const mentionOutcomeStatuses = ['read', 'failed', 'unavailable', 'off', 'needs_setup'] as const;

/** How one source fared in a discovery. */
export const ZMentionSourceOutcome = z.object({
  kind: z.enum(mentionSourceKinds),
  label: z.string(),
  status: z.enum(mentionOutcomeStatuses),
  found: z.number().int(),
  added: z.number().int(),
  duplicates: z.number().int(),
  notKeptForPlan: z.number().int(),
  /** why it failed, or what it needs, in words the user can act on */
  error: z.string().nullable(),
  /** set when it stopped before reading everything (a rate limit, the cap) */
  note: z.string().nullable(),
});
export type TMentionSourceOutcome = z.infer<typeof ZMentionSourceOutcome>;

export const ZMentionSourceHealth = z.object({
  lastRunAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** items the last run found at the source, new or not */
  lastItems: z.number().int().nullable(),
  lastAdded: z.number().int().nullable(),
  lastNote: z.string().nullable(),
});

/** GET /api/brands/{id}/mention-sources, /api/competitors/{id}/mention-sources: one per source. */
export const ZMentionSourceDto = z.object({
  kind: z.enum(mentionSourceKinds),
  label: z.string(),
  needs: z.string(),
  available: z.boolean(),
  /** "not available on this server" when it is not */
  unavailableReason: z.string().nullable(),
  /** administrators only: the variables to set */
  adminHint: z.string().nullable(),
  enabled: z.boolean(),
  hashtags: z.array(z.string()),
  appleAppIds: z.array(z.string()),
  health: ZMentionSourceHealth,
});
export type TMentionSourceDto = z.infer<typeof ZMentionSourceDto>;
export const ZMentionSourceList = z.object({ sources: z.array(ZMentionSourceDto) });
export type TMentionSourceList = z.infer<typeof ZMentionSourceList>;

export const MAX_HASHTAGS = 10;
export const MAX_APPLE_APP_IDS = 5;

const ZHashtag = ZText('Hashtag')
  .transform((value) => value.trim().replace(/^#/, ''))
  .pipe(
    z
      .string()
      .min(1, 'Enter a hashtag')
      .max(100, 'A hashtag is at most 100 characters')
      .regex(/^[\p{L}\p{N}_]+$/u, 'A hashtag is letters, digits and underscores, without spaces'),
  );

/** An App Store id as typed: the digits, "id123…", or the app's apps.apple.com address. */
const ZAppleAppId = ZText('App Store id')
  .transform((value) => /(?:^|id)(\d{5,12})(?:$|[/?#])/.exec(value.trim())?.[1] ?? value.trim())
  .pipe(z.string().regex(/^\d{5,12}$/, 'Enter the App Store id: the number after "id" in the app’s address'));

/** PUT /api/brands/{id}/mention-sources/{kind} (and the competitor's): what is absent stays. */
export const ZUpdateMentionSourceRequest = z
  .object({
    enabled: z.boolean({ error: 'Say whether the source is on' }).optional(),
    hashtags: z.array(ZHashtag).max(MAX_HASHTAGS, `At most ${MAX_HASHTAGS} hashtags`).optional(),
    appleAppIds: z.array(ZAppleAppId).max(MAX_APPLE_APP_IDS, `At most ${MAX_APPLE_APP_IDS} apps`).optional(),
  })
  .strict();
export type TUpdateMentionSourceRequest = z.input<typeof ZUpdateMentionSourceRequest>;

export const ZMentionSourceParams = z.object({
  id: z.uuid('Not found'),
  kind: z.enum(mentionSourceKinds, { error: 'Not found' }),
});
