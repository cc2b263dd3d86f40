/**
 * Social handles: reading what people type ('@name', 'name' or a profile URL), recognising profile
 * links on a web page, and comparing handles across platforms.
 */

export const DECLARABLE_PLATFORMS = ['instagram', 'twitter', 'linkedin', 'tiktok', 'facebook'] as const;
export type DeclarablePlatform = (typeof DECLARABLE_PLATFORMS)[number];
export type Platform = DeclarablePlatform | 'youtube' | 'pinterest' | 'threads' | 'bluesky';

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
};

/** The brand fields that hold each platform's handle. */
export type BrandHandles = {
  instagramHandle?: string | null;
  twitterHandle?: string | null;
  linkedinHandle?: string | null;
  tiktokHandle?: string | null;
  facebookHandle?: string | null;
};

export const HANDLE_FIELDS: Record<DeclarablePlatform, keyof BrandHandles> = {
  instagram: 'instagramHandle',
  twitter: 'twitterHandle',
  linkedin: 'linkedinHandle',
  tiktok: 'tiktokHandle',
  facebook: 'facebookHandle',
};

export type Profile = {
  platform: Platform;
  /** as on the platform, lower-cased, without '@': 'northwind.bakery', 'company/northwind-bakery' keeps only 'northwind-bakery' */
  handle: string;
  /** the account's identity on its platform, by that platform's matching rules (see accountKey) */
  key: string;
  /** a canonical profile URL */
  url: string;
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

/** The profile a URL points to, or null for anything that is not a profile page. */
export function profileFromUrl(href: string): Profile | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const platform = platformOfHost(url.hostname);
  if (!platform) return null;
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
    case 'youtube': {
      const handle = at(first) ?? (['c', 'user', 'channel'].includes(first) ? (segments[1] ?? null) : null);
      if (!handle) return null;
      const path = first.startsWith('@') ? first.toLowerCase() : `${first}/${segments[1]}`;
      return profile(platform, handle, `https://www.youtube.com/${path}`);
    }
    case 'bluesky': {
      if (first !== 'profile' || !segments[1]) return null;
      return profile(platform, segments[1], `https://bsky.app/profile/${segments[1].toLowerCase()}`);
    }
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
  const looksLikeUrl = /^(https?:\/\/|www\.)/i.test(value) || /^[a-z0-9.-]+\.[a-z]{2,}\//i.test(value);
  if (looksLikeUrl) {
    const parsed = profileFromUrl(/^https?:\/\//i.test(value) ? value : `https://${value}`);
    if (parsed && parsed.platform !== platform) return { profile: null, raw: value, wrongPlatform: parsed.platform };
    return { profile: parsed, raw: value };
  }
  const handle = value.replace(/^@/, '');
  const urls: Record<DeclarablePlatform, string> = {
    instagram: `https://www.instagram.com/${handle.toLowerCase()}/`,
    twitter: `https://x.com/${handle.toLowerCase()}`,
    linkedin: `https://www.linkedin.com/company/${handle.toLowerCase()}`,
    tiktok: `https://www.tiktok.com/@${handle.toLowerCase()}`,
    facebook: `https://www.facebook.com/${handle.toLowerCase()}`,
  };
  return { profile: profile(platform, handle, urls[platform]), raw: value };
}

/**
 * Each platform's own username rules, from its help pages: the characters a username may hold, its
 * length, and what the platform ignores when it matches one username to an account. Every one of
 * them matches letters without regard to case. Only Facebook ignores a character: 'john.smith' and
 * 'johnsmith' are one account there. Everywhere else punctuation is part of the name, so
 * 'acme_coffee' and 'acmecoffee' are two different accounts on Instagram, X and TikTok.
 *
 * - Instagram: letters, digits, '.' and '_'; at most 30 characters.
 * - X (Twitter): letters, digits and '_'; at most 15 characters.
 * - TikTok: letters, digits, '_' and '.'; 2 to 24 characters.
 * - LinkedIn (the vanity part of a /company/ or /in/ URL): letters, digits and '-'; 3 to 100 characters.
 * - Facebook: letters, digits and '.'; at least 5 characters; periods are ignored in matching.
 */
export const HANDLE_RULES: Record<
  DeclarablePlatform,
  { pattern: RegExp; rule: string; punctuation: string; ignored: string }
> = {
  instagram: {
    pattern: /^[a-z0-9._]{1,30}$/,
    rule: 'letters, digits, . and _, at most 30 characters',
    punctuation: '._',
    ignored: '',
  },
  twitter: {
    pattern: /^[a-z0-9_]{1,15}$/,
    rule: 'letters, digits and _, at most 15 characters',
    punctuation: '_',
    ignored: '',
  },
  tiktok: {
    pattern: /^[a-z0-9._]{2,24}$/,
    rule: 'letters, digits, . and _, 2 to 24 characters',
    punctuation: '._',
    ignored: '',
  },
  linkedin: {
    pattern: /^[\p{L}\p{N}-]{3,100}$/u,
    rule: 'letters, digits and -, 3 to 100 characters',
    punctuation: '-',
    ignored: '',
  },
  facebook: {
    pattern: /^(?:[a-z0-9.]{5,50}|id:\d+)$/,
    rule: 'letters, digits and ., 5 to 50 characters',
    punctuation: '.',
    ignored: '.',
  },
};

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
  return [form(a.handle), form(b.handle)];
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
