/**
 * Social handles: reading what people type ('@name', 'name' or a profile URL), recognising profile
 * links on a web page, and comparing handles across platforms.
 */

import { parseBlueskyHandle, parseMastodonHandle, parseYoutubeHandle } from '../../../shared/social-handles.ts';
import { HANDLE_RULES } from './handle-rules.ts';
import { blueskyName, type LinkContext, mastodonAccountOfUrl } from './open-network-links.ts';

export { HANDLE_RULES } from './handle-rules.ts';

export const DECLARABLE_PLATFORMS = [
  'instagram',
  'twitter',
  'linkedin',
  'tiktok',
  'facebook',
  'bluesky',
  'mastodon',
  'youtube',
] as const;
export type DeclarablePlatform = (typeof DECLARABLE_PLATFORMS)[number];
export type Platform = DeclarablePlatform | 'pinterest' | 'threads';

export const PLATFORM_LABELS: Record<Platform, string> = {
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
  facebook: 'Facebook',
  youtube: 'YouTube',
  pinterest: 'Pinterest',
  threads: 'Threads',
  bluesky: 'Bluesky',
  mastodon: 'Mastodon',
};

/** The brand fields that hold each platform's handle. */
export type BrandHandles = {
  instagramHandle?: string | null;
  twitterHandle?: string | null;
  linkedinHandle?: string | null;
  tiktokHandle?: string | null;
  facebookHandle?: string | null;
  blueskyHandle?: string | null;
  mastodonHandle?: string | null;
  youtubeHandle?: string | null;
};

export const HANDLE_FIELDS: Record<DeclarablePlatform, keyof BrandHandles> = {
  instagram: 'instagramHandle',
  twitter: 'twitterHandle',
  linkedin: 'linkedinHandle',
  tiktok: 'tiktokHandle',
  facebook: 'facebookHandle',
  bluesky: 'blueskyHandle',
  mastodon: 'mastodonHandle',
  youtube: 'youtubeHandle',
};

export type Profile = {
  platform: Platform;
  /** as on the platform, lower-cased, without '@': 'northwind.bakery', 'company/northwind-bakery' keeps only 'northwind-bakery' */
  handle: string;
  /** the account's identity on its platform, by that platform's matching rules (see accountKey) */
  key: string;
  /** a canonical profile URL */
  url: string;
  /**
   * Set when the link names the account in a form no handle can be compared with (a YouTube
   * channel ID or legacy /c/ or /user/ address, a Bluesky DID): what that form is.
   */
  opaque?: string;
};

/** Path segments that are platform pages, not profiles (share dialogs, posts, settings…). */
const NOT_PROFILES: Record<Platform, Set<string>> = {
  instagram: new Set([
    'p',
    'reel',
    'reels',
    'explore',
    'stories',
    'accounts',
    'tv',
    'about',
    'developer',
    'legal',
    'direct',
  ]),
  twitter: new Set([
    'intent',
    'share',
    'home',
    'i',
    'search',
    'hashtag',
    'settings',
    'privacy',
    'tos',
    'explore',
    'login',
    'signup',
    'messages',
  ]),
  linkedin: new Set(['shareArticle', 'sharing', 'feed', 'jobs', 'login', 'signup', 'pulse']),
  tiktok: new Set(['tag', 'music', 'discover', 'login', 'upload']),
  facebook: new Set([
    'sharer',
    'sharer.php',
    'share',
    'share.php',
    'dialog',
    'plugins',
    'tr',
    'login',
    'login.php',
    'events',
    'hashtag',
    'watch',
    'help',
    'policies',
    'privacy',
  ]),
  youtube: new Set(['watch', 'embed', 'results', 'playlist', 'shorts', 'feed', 'redirect']),
  pinterest: new Set(['pin', 'search', 'ideas', 'login']),
  threads: new Set(['login', 'search']),
  bluesky: new Set(['search', 'settings']),
  mastodon: new Set(),
};

function platformOfHost(host: string): Platform | null {
  const h = host.toLowerCase().replace(/^(www|m|mobile|web|business|[a-z]{2}(-[a-z]{2})?)\./, '');
  if (h === 'instagram.com' || h === 'instagr.am') return 'instagram';
  if (h === 'twitter.com' || h === 'x.com') return 'twitter';
  if (h === 'linkedin.com' || h.endsWith('.linkedin.com')) return 'linkedin';
  if (h === 'tiktok.com') return 'tiktok';
  if (h === 'facebook.com' || h === 'fb.com' || h === 'fb.me') return 'facebook';
  if (h === 'youtube.com' || h === 'youtu.be') return 'youtube';
  if (/^pinterest\.[a-z.]+$/.test(h)) return 'pinterest';
  if (h === 'threads.net' || h === 'threads.com') return 'threads';
  if (h === 'bsky.app') return 'bluesky';
  return null;
}

function profile(platform: Platform, handle: string, url: string): Profile | null {
  const clean = handle.replace(/^@/, '').trim().toLowerCase();
  if (!clean || !/[\p{L}\p{N}]/u.test(clean)) return null;
  return { platform, handle: clean, key: accountKey(platform, clean), url };
}

/**
 * The profile a URL points to, or null for anything that is not a profile page. Mastodon has no
 * central host: `context` says when a link's host may be taken as an instance (see open-network-links.ts).
 */
export function profileFromUrl(href: string, context: LinkContext = {}): Profile | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const platform = platformOfHost(url.hostname);
  if (!platform) {
    const account = mastodonAccountOfUrl(url, context);
    if (!account) return null;
    const handle = `${account.user}@${account.instance}`;
    return profile('mastodon', handle, `https://${account.instance}/@${account.user}`);
  }
  const segments = url.pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
  const first = segments[0];
  if (!first || NOT_PROFILES[platform].has(first)) return null;
  const at = (segment: string | undefined) => (segment?.startsWith('@') ? segment.slice(1) : null);

  switch (platform) {
    case 'linkedin': {
      if (!['company', 'in', 'school', 'showcase'].includes(first) || !segments[1]) return null;
      return profile(platform, segments[1], `https://www.linkedin.com/${first}/${segments[1].toLowerCase()}`);
    }
    case 'tiktok':
    case 'threads': {
      const handle = at(first);
      if (!handle) return null;
      const host = platform === 'tiktok' ? 'www.tiktok.com' : 'www.threads.net';
      return profile(platform, handle, `https://${host}/@${handle.toLowerCase()}`);
    }
    case 'youtube':
      return youtubeProfile(first, segments[1]);
    case 'bluesky': {
      if (first !== 'profile' || !segments[1]) return null;
      const name = segments[1].replace(/\.$/, '');
      if (/^did:/i.test(name)) {
        const did = name.toLowerCase();
        return { platform, handle: did, key: did, url: `https://bsky.app/profile/${did}`, opaque: 'a Bluesky DID' };
      }
      return profile(platform, name, `https://bsky.app/profile/${name.toLowerCase()}`);
    }
    case 'mastodon':
      return null;
    case 'facebook': {
      if (first === 'profile.php') {
        const id = url.searchParams.get('id');
        return id ? profile(platform, `id:${id}`, `https://www.facebook.com/profile.php?id=${id}`) : null;
      }
      if (first === 'pages' && segments[1])
        return profile(platform, segments[1], `https://www.facebook.com/pages/${segments[1]}`);
      return profile(platform, first, `https://www.facebook.com/${first.toLowerCase()}`);
    }
    case 'instagram':
      return profile(platform, first, `https://www.instagram.com/${first.toLowerCase()}/`);
    case 'twitter':
      return profile(platform, first, `https://x.com/${first.toLowerCase()}`);
    case 'pinterest':
      return profile(platform, first, `https://www.pinterest.com/${first.toLowerCase()}/`);
  }
}

/**
 * A YouTube channel link. Only '/@handle' names the handle the brand declares; a channel ID
 * ('/channel/UC…', case-sensitive) and the legacy '/c/name' and '/user/name' addresses name the
 * channel in another namespace, so they are kept apart (`opaque`) rather than compared as handles.
 */
function youtubeProfile(first: string, second: string | undefined): Profile | null {
  if (first.startsWith('@'))
    return profile('youtube', first.slice(1), `https://www.youtube.com/${first.toLowerCase()}`);
  if (!['c', 'user', 'channel'].includes(first) || !second) return null;
  const id = first === 'channel' ? second : second.toLowerCase();
  const forms = {
    channel: 'a YouTube channel ID',
    c: 'a legacy YouTube /c/ address',
    user: 'a legacy YouTube /user/ address',
  };
  return {
    platform: 'youtube',
    handle: id,
    key: `${first}:${id}`,
    url: `https://www.youtube.com/${first}/${id}`,
    opaque: forms[first as keyof typeof forms],
  };
}

/**
 * What the brand declared for a platform, read the way people type it: '@name', 'name', or a
 * profile URL with or without 'https://'. Null when empty. `wrongPlatform` is set when the value
 * is a link to another platform.
 */
export function declaredProfile(
  platform: DeclarablePlatform,
  raw: string | null | undefined,
): { profile: Profile | null; raw: string; wrongPlatform?: Platform } | null {
  const value = raw?.trim();
  if (!value) return null;
  if (platform === 'bluesky' || platform === 'mastodon' || platform === 'youtube') {
    const own = openNetworkProfile(platform, value);
    if (own) return { profile: own, raw: value };
  }
  const looksLikeUrl = /^(https?:\/\/|www\.)/i.test(value) || /^[a-z0-9.-]+\.[a-z]{2,}\//i.test(value);
  if (looksLikeUrl) {
    const parsed = profileFromUrl(/^https?:\/\//i.test(value) ? value : `https://${value}`);
    if (parsed && parsed.platform !== platform) return { profile: null, raw: value, wrongPlatform: parsed.platform };
    return { profile: parsed, raw: value };
  }
  const handle = value.replace(/^@/, '');
  const urls: Partial<Record<DeclarablePlatform, string>> = {
    instagram: `https://www.instagram.com/${handle.toLowerCase()}/`,
    twitter: `https://x.com/${handle.toLowerCase()}`,
    linkedin: `https://www.linkedin.com/company/${handle.toLowerCase()}`,
    tiktok: `https://www.tiktok.com/@${handle.toLowerCase()}`,
    facebook: `https://www.facebook.com/${handle.toLowerCase()}`,
  };
  // Bluesky, Mastodon and YouTube accept only what their shared parsers accept (above)
  const url = urls[platform];
  if (!url) return { profile: null, raw: value };
  return { profile: profile(platform, handle, url), raw: value };
}

/** A Bluesky, Mastodon or YouTube handle read by the same parser as the brand form uses. */
function openNetworkProfile(platform: 'bluesky' | 'mastodon' | 'youtube', value: string): Profile | null {
  if (platform === 'bluesky') {
    const handle = parseBlueskyHandle(value);
    return handle ? profile(platform, handle, `https://bsky.app/profile/${handle}`) : null;
  }
  if (platform === 'mastodon') {
    const account = parseMastodonHandle(value);
    if (!account) return null;
    return profile(platform, `${account.user}@${account.instance}`, `https://${account.instance}/@${account.user}`);
  }
  const handle = parseYoutubeHandle(value);
  return handle ? profile(platform, handle, `https://www.youtube.com/@${handle}`) : null;
}

/**
 * The part of a handle that is the brand's name, for comparing across networks: the Bluesky
 * domain's name (see blueskyName), the user part of a Mastodon 'user@instance', the handle elsewhere.
 */
export function nameOfHandle(profile: Profile): string {
  if (profile.platform === 'bluesky') return blueskyName(profile.handle);
  if (profile.platform === 'mastodon') return profile.handle.split('@')[0] ?? profile.handle;
  return profile.handle;
}

/** Threads shares Instagram's usernames; the other linkable platforms are matched case-insensitively. */
const MATCHING_RULES: Partial<Record<Platform, { punctuation: string; ignored: string }>> = {
  ...HANDLE_RULES,
  threads: HANDLE_RULES.instagram,
};

/** Which account a handle names on its platform: lower-cased, without the characters the platform ignores. */
export function accountKey(platform: Platform, handle: string): string {
  const ignored = MATCHING_RULES[platform]?.ignored ?? '';
  const lower = handle.toLowerCase();
  return ignored ? [...lower].filter((character) => !ignored.includes(character)).join('') : lower;
}

/**
 * Two handles on two platforms in the form they are compared in: lower-cased, without what either
 * platform ignores, and without punctuation the two platforms do not both allow (a brand with
 * 'northwind.bakery' on Instagram cannot have that name on X, where 'northwindbakery' is the same
 * name). Punctuation both platforms allow is kept: 'acme_coffee' and 'acmecoffee' stay different.
 */
export function comparableHandles(a: Profile, b: Profile): [string, string] {
  const ruleA = MATCHING_RULES[a.platform];
  const ruleB = MATCHING_RULES[b.platform];
  const ignored = `${ruleA?.ignored ?? ''}${ruleB?.ignored ?? ''}`;
  const kept = [...(ruleA?.punctuation ?? '')].filter(
    (character) => (ruleB?.punctuation ?? '').includes(character) && !ignored.includes(character),
  );
  const form = (handle: string) =>
    [...handle.toLowerCase()]
      .filter((character) => /[\p{L}\p{N}]/u.test(character) || kept.includes(character))
      .join('');
  return [form(nameOfHandle(a)), form(nameOfHandle(b))];
}

/** Whether two handles name the same account (same platform) or the same name (across platforms). */
export function sameHandle(a: Profile, b: Profile): boolean {
  if (a.platform === b.platform) return a.key === b.key;
  const [left, right] = comparableHandles(a, b);
  return left === right;
}

/** Levenshtein distance, for 'near-identical' handles. */
export function editDistance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = previous[0]!;
    previous[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = previous[j]!;
      previous[j] = Math.min(previous[j]! + 1, previous[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return previous[b.length]!;
}

/** Two keys are near-identical when at most one edit in five separates them (at least one edit allowed). */
export function nearIdentical(a: string, b: string): boolean {
  return editDistance(a, b) <= Math.max(1, Math.floor(Math.max(a.length, b.length) / 5));
}
