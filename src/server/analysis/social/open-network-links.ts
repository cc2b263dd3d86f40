/**
 * Links and names of the networks without one central address: Mastodon (any instance) and
 * Bluesky (handles are domain names). Kept apart from handles.ts, which reads the others.
 */

/**
 * Hosts taken to be Mastodon instances without further sign: the largest general instances.
 * Any other host counts only when the link says rel="me" (Mastodon's own profile verification)
 * or is the instance the brand declared. '/@name' alone is not enough: Medium, TikTok, Threads and
 * many blogs use it too, and calling such a link a Mastodon profile would be a false statement.
 */
const KNOWN_MASTODON_INSTANCES = new Set([
  'mastodon.social',
  'mastodon.online',
  'mastodon.world',
  'mstdn.social',
  'mas.to',
  'masto.ai',
  'fosstodon.org',
  'hachyderm.io',
  'infosec.exchange',
  'techhub.social',
  'universeodon.com',
  'social.vivaldi.net',
  'toot.community',
  'indieweb.social',
]);

/**
 * Sites with '/@name' profile pages that are not Mastodon, which a page may still mark rel="me"
 * (rel="me" is the IndieWeb's identity link, not only Mastodon's).
 */
const NOT_MASTODON = ['medium.com', 'unsplash.com', 'figma.com', 'replit.com', 'glitch.com', 'producthunt.com'];

export type LinkContext = {
  /** the link carries rel="me" */
  relMe?: boolean;
  /** instances the brand declared a Mastodon account on */
  mastodonInstances?: readonly string[];
};

const MASTODON_USER = /^[a-z0-9_]{1,30}$/;
const DOMAIN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * The Mastodon account a link names, as 'user@instance': https://instance/@user, or
 * https://instance/@user@home for a remote account shown on another instance. Null when the host
 * is not known to be a Mastodon instance (see KNOWN_MASTODON_INSTANCES) or the path is not a profile.
 */
export function mastodonAccountOfUrl(url: URL, context: LinkContext = {}): { user: string; instance: string } | null {
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (NOT_MASTODON.some((site) => host === site || host.endsWith(`.${site}`))) return null;
  const isInstance =
    context.relMe === true ||
    KNOWN_MASTODON_INSTANCES.has(host) ||
    (context.mastodonInstances ?? []).some((instance) => instance.toLowerCase() === host);
  if (!isInstance) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  // a profile is '/@user' alone; '/@user/123' is a post, '/@user/followers' a list
  if (segments.length !== 1 || !segments[0]!.startsWith('@')) return null;
  const [user, home, extra] = segments[0]!.slice(1).toLowerCase().split('@');
  if (extra !== undefined || !user || !MASTODON_USER.test(user)) return null;
  const instance = home ?? host;
  return DOMAIN.test(instance) ? { user, instance } : null;
}

/** Suffixes of hosting services that give out Bluesky handles as subdomains. */
const BLUESKY_HOSTING = ['bsky.social'];
/** Second-level labels under which a country's domains are registered: brand.co.uk, brand.com.au. */
const SECOND_LEVEL = new Set(['co', 'com', 'org', 'net', 'ac', 'gov', 'edu']);

/**
 * The name a Bluesky handle gives the brand, for comparing it with its handles elsewhere. A
 * Bluesky handle is a domain: on a hosting service ('northwind.bsky.social') the name is the part
 * before the service's suffix; on the brand's own domain ('northwind.com', 'social.northwind.co.uk')
 * it is the registered name: the label left of the top-level domain (and of a second level such
 * as 'co.uk'). Subdomains of the brand's own domain say nothing about its name elsewhere.
 */
export function blueskyName(handle: string): string {
  const domain = handle.toLowerCase().replace(/^@/, '').replace(/\.$/, '');
  for (const suffix of BLUESKY_HOSTING) {
    if (domain.endsWith(`.${suffix}`)) return domain.slice(0, -suffix.length - 1);
  }
  const labels = domain.split('.');
  labels.pop();
  if (labels.length > 1 && SECOND_LEVEL.has(labels.at(-1)!)) labels.pop();
  return labels.at(-1) ?? domain;
}
