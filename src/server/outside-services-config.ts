import { z } from 'zod';
import { MENTION_SOURCE_KINDS, type MentionSourceKind } from './integrations/mention-sources/mention-source.ts';

/**
 * The outside services Brandlens reads mentions, profiles and ads from: each base URL defaults to
 * the real service and may point elsewhere (a self-hosted mirror, a test double). Credentials are
 * optional; a source without its credentials is "not available on this server".
 *
 * Part of the configuration (src/server/config.ts reads the environment once and passes it here).
 */
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const baseUrl = (defaultUrl: string) => z.preprocess(emptyAsUndefined, z.url().default(defaultUrl));

export const DEFAULT_SERVICE_URLS = {
  NEWS_RSS_URL: 'https://news.google.com/rss/search',
  HN_API_URL: 'https://hn.algolia.com/api/v1',
  APPLE_RSS_URL: 'https://itunes.apple.com',
  REDDIT_API_URL: 'https://oauth.reddit.com',
  REDDIT_AUTH_URL: 'https://www.reddit.com/api/v1/access_token',
  BLUESKY_API_URL: 'https://bsky.social',
  BLUESKY_APPVIEW_URL: 'https://public.api.bsky.app',
  YOUTUBE_API_URL: 'https://www.googleapis.com/youtube/v3',
  TRUSTPILOT_API_URL: 'https://api.trustpilot.com/v1',
  GOOGLE_PLACES_API_URL: 'https://places.googleapis.com/v1',
  TIKTOK_API_URL: 'https://open.tiktokapis.com',
} as const;

/** Instances whose public hashtag timelines are read when MASTODON_INSTANCE_URLS is unset. */
export const DEFAULT_MASTODON_INSTANCES = 'mastodon.social,mstdn.social,mastodon.online';

export const ZOutsideServicesEnvironment = z.object({
  NEWS_RSS_URL: baseUrl(DEFAULT_SERVICE_URLS.NEWS_RSS_URL),
  HN_API_URL: baseUrl(DEFAULT_SERVICE_URLS.HN_API_URL),
  MASTODON_INSTANCE_URLS: z.preprocess(emptyAsUndefined, z.string().default(DEFAULT_MASTODON_INSTANCES)),
  APPLE_RSS_URL: baseUrl(DEFAULT_SERVICE_URLS.APPLE_RSS_URL),
  REDDIT_API_URL: baseUrl(DEFAULT_SERVICE_URLS.REDDIT_API_URL),
  REDDIT_AUTH_URL: baseUrl(DEFAULT_SERVICE_URLS.REDDIT_AUTH_URL),
  REDDIT_CLIENT_ID: optionalString,
  REDDIT_CLIENT_SECRET: optionalString,
  /** The Reddit account that registered the app: Reddit's User-Agent names it as the contact. */
  REDDIT_USERNAME: optionalString,
  BLUESKY_API_URL: baseUrl(DEFAULT_SERVICE_URLS.BLUESKY_API_URL),
  BLUESKY_APPVIEW_URL: baseUrl(DEFAULT_SERVICE_URLS.BLUESKY_APPVIEW_URL),
  BLUESKY_IDENTIFIER: optionalString,
  BLUESKY_APP_PASSWORD: optionalString,
  YOUTUBE_API_URL: baseUrl(DEFAULT_SERVICE_URLS.YOUTUBE_API_URL),
  YOUTUBE_API_KEY: optionalString,
  /** The project's daily YouTube Data API quota in units (Google's default is 10,000). */
  YOUTUBE_DAILY_QUOTA_UNITS: z.preprocess(emptyAsUndefined, z.coerce.number().int().positive().default(10_000)),
  TRUSTPILOT_API_URL: baseUrl(DEFAULT_SERVICE_URLS.TRUSTPILOT_API_URL),
  TRUSTPILOT_API_KEY: optionalString,
  GOOGLE_PLACES_API_URL: baseUrl(DEFAULT_SERVICE_URLS.GOOGLE_PLACES_API_URL),
  GOOGLE_PLACES_API_KEY: optionalString,
  META_GRAPH_TOKEN: optionalString,
  TIKTOK_API_URL: baseUrl(DEFAULT_SERVICE_URLS.TIKTOK_API_URL),
  TIKTOK_CLIENT_KEY: optionalString,
  TIKTOK_CLIENT_SECRET: optionalString,
  /** Mention sources this server does not use, comma-separated kinds (news_rss,hacker_news,...) */
  MENTION_SOURCES_OFF: z.preprocess(emptyAsUndefined, z.string().default('')),
});

type OutsideServicesEnvironment = z.infer<typeof ZOutsideServicesEnvironment>;

export type MastodonInstance = { domain: string; baseUrl: string };

/** Base URLs carry no trailing slash; a credential is present only when all its parts are. */
export type OutsideServicesConfig = {
  newsRss: { url: string };
  hackerNews: { apiUrl: string };
  mastodon: { instances: MastodonInstance[] };
  appleRss: { url: string };
  reddit: {
    apiUrl: string;
    authUrl: string;
    credentials: { clientId: string; clientSecret: string } | undefined;
    /** Named in the User-Agent as Reddit asks (`... (by /u/<username>)`); optional. */
    username: string | undefined;
  };
  bluesky: {
    apiUrl: string;
    appviewUrl: string;
    credentials: { identifier: string; appPassword: string } | undefined;
  };
  youtube: { apiUrl: string; apiKey: string | undefined; dailyQuotaUnits: number };
  trustpilot: { apiUrl: string; apiKey: string | undefined };
  googlePlaces: { apiUrl: string; apiKey: string | undefined };
  /** Page and Instagram Business Discovery reads; the Ad Library token serves when this is unset. */
  metaGraph: { token: string | undefined };
  tiktok: { apiUrl: string; credentials: { clientKey: string; clientSecret: string } | undefined };
  /** Mention sources the operator turned off for the whole server (MENTION_SOURCES_OFF) */
  mentionSourcesOff: MentionSourceKind[];
};

function mentionKindsOf(value: string): string[] {
  return value
    .split(',')
    .map((kind) => kind.trim())
    .filter(Boolean);
}

const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** Problems with the outside-service variables, each one line; the config refuses to start on any. */
export function outsideServicesProblems(env: OutsideServicesEnvironment, allowLoopback: boolean): string[] {
  const problems: string[] = [];
  for (const name of Object.keys(DEFAULT_SERVICE_URLS) as (keyof typeof DEFAULT_SERVICE_URLS)[]) {
    const url = new URL(env[name]);
    if (!/^https?:$/.test(url.protocol)) problems.push(`${name}: must be an http:// or https:// URL`);
    if (LOOPBACK_HOST.test(url.hostname) && !allowLoopback) {
      problems.push(`${name}: a loopback address is allowed only with CRAWLER_ALLOW_LOOPBACK (tests)`);
    }
  }
  const unknownKinds = mentionKindsOf(env.MENTION_SOURCES_OFF).filter(
    (kind) => !(MENTION_SOURCE_KINDS as readonly string[]).includes(kind),
  );
  if (unknownKinds.length > 0) {
    problems.push(
      `MENTION_SOURCES_OFF: unknown ${unknownKinds.join(', ')} (known: ${MENTION_SOURCE_KINDS.join(', ')})`,
    );
  }
  const instances = parseMastodonInstances(env.MASTODON_INSTANCE_URLS);
  if (typeof instances === 'string') problems.push(`MASTODON_INSTANCE_URLS: ${instances}`);
  else if (!allowLoopback && instances.some((instance) => LOOPBACK_HOST.test(new URL(instance.baseUrl).hostname))) {
    problems.push('MASTODON_INSTANCE_URLS: a loopback address is allowed only with CRAWLER_ALLOW_LOOPBACK (tests)');
  }
  const pairs = [
    ['REDDIT_CLIENT_ID', 'REDDIT_CLIENT_SECRET'],
    ['BLUESKY_IDENTIFIER', 'BLUESKY_APP_PASSWORD'],
    ['TIKTOK_CLIENT_KEY', 'TIKTOK_CLIENT_SECRET'],
  ] as const;
  for (const [first, second] of pairs) {
    if (Boolean(env[first]) !== Boolean(env[second])) {
      problems.push(`${env[first] ? second : first}: required together with ${env[first] ? first : second}`);
    }
  }
  return problems;
}

/**
 * `mastodon.social,fosstodon.org` (each read at https://<domain>) or `domain=base URL` pairs, so a
 * test or a mirror can serve an instance from elsewhere. A description of the fault when malformed.
 */
export function parseMastodonInstances(value: string): MastodonInstance[] | string {
  const instances: MastodonInstance[] = [];
  for (const entry of value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const [domain, explicitUrl] = entry.split('=', 2).map((part) => part.trim());
    if (!domain || !/^[a-z0-9.-]+\.[a-z]{2,}$/i.test(domain)) {
      return `"${entry}" does not start with an instance domain such as mastodon.social`;
    }
    const url = explicitUrl ?? `https://${domain}`;
    if (!z.url({ protocol: /^https?$/ }).safeParse(url).success) return `"${entry}" has no valid base URL`;
    instances.push({ domain: domain.toLowerCase(), baseUrl: url.replace(/\/+$/, '') });
  }
  return instances;
}

const trimmed = (url: string) => url.replace(/\/+$/, '');

export function outsideServicesConfigFrom(env: OutsideServicesEnvironment): OutsideServicesConfig {
  const instances = parseMastodonInstances(env.MASTODON_INSTANCE_URLS);
  return {
    newsRss: { url: trimmed(env.NEWS_RSS_URL) },
    hackerNews: { apiUrl: trimmed(env.HN_API_URL) },
    mastodon: { instances: typeof instances === 'string' ? [] : instances },
    appleRss: { url: trimmed(env.APPLE_RSS_URL) },
    reddit: {
      apiUrl: trimmed(env.REDDIT_API_URL),
      authUrl: env.REDDIT_AUTH_URL,
      credentials:
        env.REDDIT_CLIENT_ID && env.REDDIT_CLIENT_SECRET
          ? { clientId: env.REDDIT_CLIENT_ID, clientSecret: env.REDDIT_CLIENT_SECRET }
          : undefined,
      username: env.REDDIT_USERNAME?.replace(/^\/?u\//, ''),
    },
    bluesky: {
      apiUrl: trimmed(env.BLUESKY_API_URL),
      appviewUrl: trimmed(env.BLUESKY_APPVIEW_URL),
      credentials:
        env.BLUESKY_IDENTIFIER && env.BLUESKY_APP_PASSWORD
          ? { identifier: env.BLUESKY_IDENTIFIER, appPassword: env.BLUESKY_APP_PASSWORD }
          : undefined,
    },
    youtube: {
      apiUrl: trimmed(env.YOUTUBE_API_URL),
      apiKey: env.YOUTUBE_API_KEY,
      dailyQuotaUnits: env.YOUTUBE_DAILY_QUOTA_UNITS,
    },
    trustpilot: { apiUrl: trimmed(env.TRUSTPILOT_API_URL), apiKey: env.TRUSTPILOT_API_KEY },
    googlePlaces: { apiUrl: trimmed(env.GOOGLE_PLACES_API_URL), apiKey: env.GOOGLE_PLACES_API_KEY },
    metaGraph: { token: env.META_GRAPH_TOKEN },
    mentionSourcesOff: mentionKindsOf(env.MENTION_SOURCES_OFF).filter((kind): kind is MentionSourceKind =>
      (MENTION_SOURCE_KINDS as readonly string[]).includes(kind),
    ),
    tiktok: {
      apiUrl: trimmed(env.TIKTOK_API_URL),
      credentials:
        env.TIKTOK_CLIENT_KEY && env.TIKTOK_CLIENT_SECRET
          ? { clientKey: env.TIKTOK_CLIENT_KEY, clientSecret: env.TIKTOK_CLIENT_SECRET }
          : undefined,
    },
  };
}
