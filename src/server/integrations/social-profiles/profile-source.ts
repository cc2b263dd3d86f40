/**
 * One small interface for every network whose public profiles the audit reads. A source reads a
 * declared handle into what the profile checks need, or says why it could not: a network that
 * fails is "not measured" with that reason, never a profile with zeros.
 */
import { ServiceError } from '../http/fetch-service.ts';

export const PROFILE_NETWORKS = ['bluesky', 'mastodon', 'youtube', 'facebook', 'instagram'] as const;
export type ProfileNetwork = (typeof PROFILE_NETWORKS)[number];

export const PROFILE_NETWORK_LABELS: Record<ProfileNetwork, string> = {
  bluesky: 'Bluesky',
  mastodon: 'Mastodon',
  youtube: 'YouTube',
  facebook: 'Facebook',
  instagram: 'Instagram',
};

/** What the API states about a post; a count the API does not give is absent, never 0. */
export type PostEngagement = { likes?: number; replies?: number; reposts?: number; views?: number };

export type ProfilePost = {
  id: string;
  url: string | null;
  text: string;
  /** ISO date-time */
  publishedAt: string;
  engagement: PostEngagement;
};

export type SocialProfile = {
  exists: true;
  /** the handle as the network shows it */
  handle: string;
  /** the public profile page */
  url: string;
  name: string | null;
  bio: string | null;
  /** the profile's own website field (or, on Bluesky, the domain its handle is verified on) */
  website: string | null;
  /** why `website` is null because the API gives no such field (YouTube), rather than because it is empty */
  websiteUnavailable?: string;
  avatarUrl: string | null;
  followers: number | null;
  /** the profile's own posts, newest first, back to `since` (or as far as paging was allowed) */
  posts: ProfilePost[];
  fetchedAt: string;
};

export type ProfileRead =
  | SocialProfile
  | { exists: false; handle: string; fetchedAt: string; reason: string }
  | { notMeasured: string; handle: string; fetchedAt: string };

export type ReadOptions = {
  /** posts older than this are not needed */
  since: Date;
  signal?: AbortSignal;
};

export interface ProfileSource {
  readonly network: ProfileNetwork;
  read(handle: string, options: ReadOptions): Promise<ProfileRead>;
}

export const isProfile = (read: ProfileRead): read is SocialProfile => 'exists' in read && read.exists;

/** At most this many pages of posts per profile: enough for 90 days of an active account, bounded for a busy one. */
export const MAX_POST_PAGES = 5;

/** A not-measured read from an error: the network's own words where it gave some, masked of secrets. */
export function notMeasuredFrom(network: ProfileNetwork, handle: string, error: unknown): ProfileRead {
  const label = PROFILE_NETWORK_LABELS[network];
  const reasons: Partial<Record<ServiceError['kind'], string>> = {
    auth: `${label} refused the configured credentials`,
    rate_limited: `${label} asked us to slow down (rate limited)`,
    quota: `the ${label} API quota for today is spent`,
    upstream: `${label} answered with a server error`,
    unreachable: `${label} could not be reached`,
    malformed: `${label} answered in an unexpected shape`,
  };
  const reason =
    error instanceof ServiceError
      ? (reasons[error.kind] ?? error.message)
      : error instanceof Error && error.name === 'FetchRefusedError'
        ? error.message
        : `${label} could not be read`;
  return { notMeasured: `Not measured: ${reason}`, handle, fetchedAt: new Date().toISOString() };
}

/** Plain text of the HTML some APIs give (Mastodon notes and statuses). */
export function plainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+/g, ' ')
    .trim();
}

export const numberOr = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value)
    ? value
    : typeof value === 'string' && /^\d+$/.test(value)
      ? Number(value)
      : undefined;
