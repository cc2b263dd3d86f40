/**
 * What every source of mentions found by name (news search, Hacker News, Mastodon, app stores,
 * Reddit, Bluesky, YouTube, Trustpilot, Google Places) offers discovery: one small interface, so
 * discovery runs them side by side, one failing never stopping the others.
 *
 * A source states what it read, as the service states it: nothing is estimated or filled in.
 */

/** The sources by their stable key (stored with each mention and each source's health). */
export const MENTION_SOURCE_KINDS = [
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
export type MentionSourceKind = (typeof MENTION_SOURCE_KINDS)[number];

/** What is searched for: built from the brand (or competitor) and the user's own terms. */
export type MentionQuery = {
  /** The brand's or competitor's name, searched as a phrase. */
  name: string;
  /** The website's host without www (example.co.uk), or null. */
  domain: string | null;
  /** Declared handles per network, without @ (bluesky: a domain handle; mastodon: user@instance). */
  handles: Partial<Record<'bluesky' | 'mastodon' | 'youtube' | 'instagram' | 'twitter' | 'tiktok', string>>;
  /** Hashtags without # (Mastodon reads their public timelines). */
  hashtags: string[];
  /** The user's required terms (a mention by name alone needs one of them) and excluded terms. */
  includeTerms: string[];
  excludeTerms: string[];
  /** The brand's market: ISO 639-1 language and ISO 3166-1 alpha-2 country (news search, app stores). */
  market: { language: string; country: string };
  /** Source-specific targets the user chose (an App Store app id, a Google place id). */
  targets: { appleAppIds: string[]; googlePlaceIds: string[] };
  /** Items older than this are not read (the previous run's start, or a window such as 30 days). */
  since: Date | null;
  /** At most this many items from one source in one run. */
  maxItems: number;
};

/** One item as its source states it. */
export type Mention = {
  /** The source's own id, prefixed by the source's kind (`hacker_news:38123456`): stored once. */
  externalId: string;
  /** The item's canonical address (also used to recognise one article syndicated by two sources). */
  url: string | null;
  title: string | null;
  /** The text itself (post, comment, review, article summary); never empty. */
  content: string;
  authorName: string | null;
  authorHandle: string | null;
  publishedAt: Date | null;
  /** Counts exactly as the source states them (score, replies, likes, reposts, views); absent ones omitted. */
  engagement: Record<string, number>;
  /** A star rating out of 5 where the source gives one (reviews, app stores). */
  rating: number | null;
  /** Where it was said, as users read it: "Hacker News", "Reddit · r/cycling", "news · BBC News". */
  platform: string;
  /** What kind of place it came from. */
  channel: 'news' | 'blog' | 'reviews' | 'forum' | 'social' | 'video';
};

export type MentionSearchResult = {
  mentions: Mention[];
  /**
   * Set when the source stopped before reading everything it could (a daily quota reached, a rate
   * limit with a long wait, the item cap): said to the user as it is.
   */
  stoppedEarly: string | null;
};

export type SourceAvailability =
  | { available: true }
  /** reason is for users ("not available on this server"); adminHint names what to set. */
  | { available: false; reason: string; adminHint: string };

export const NOT_AVAILABLE_ON_THIS_SERVER = 'not available on this server';

export type MentionSearchContext = {
  signal?: AbortSignal;
  /** Called as items arrive, for the progress banner. */
  onProgress?: (found: number) => void | Promise<void>;
};

export interface MentionSource {
  readonly kind: MentionSourceKind;
  /** The source's name as users read it ("Hacker News"). */
  readonly label: string;
  availability(): SourceAvailability;
  /**
   * Reads what the service has for the query. Throws ServiceError (integrations/http) when the
   * service fails; discovery then marks this source failed with the reason and goes on.
   */
  search(query: MentionQuery, context: MentionSearchContext): Promise<MentionSearchResult>;
}
