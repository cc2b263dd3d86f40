/**
 * The browser's screens by path, shared so the server knows which paths are real: every other path
 * answers 404 with the not-found page (SPEC §2 route table).
 */

/** Public pages, prerendered at build time into `file` under the built client directory. */
export const publicPages = [
  {
    path: '/',
    file: 'landing.html',
    title: 'Brandlens: AI-Powered Brand Analysis Made Simple',
    description:
      'Brandlens audits your brand across your website, social media and brand assets, shows what customers are saying and tracks your competitors’ ads, for small businesses and agencies.',
    canonicalPath: '/',
  },
  {
    path: '/landing',
    file: 'landing-page.html',
    title: 'Brandlens: AI-Powered Brand Analysis Made Simple',
    description:
      'Brandlens audits your brand across your website, social media and brand assets, shows what customers are saying and tracks your competitors’ ads, for small businesses and agencies.',
    canonicalPath: '/',
  },
  {
    path: '/privacy-policy',
    file: 'privacy-policy.html',
    title: 'Privacy Policy · Brandlens',
    description:
      'How Brandlens collects, uses, stores and protects personal data, and your rights under UK data protection law.',
    canonicalPath: '/privacy-policy',
  },
  {
    path: '/signin',
    file: 'signin.html',
    title: 'Sign in · Brandlens',
    description: 'Sign in to Brandlens to run brand audits, read consumer insights and track competitors.',
    canonicalPath: '/signin',
  },
  {
    path: '/demo-dashboard',
    file: 'demo-dashboard.html',
    title: 'Sample dashboard · Brandlens',
    description:
      'A sample Brandlens dashboard with example brand audits and scores, so you can see the product before signing up.',
    canonicalPath: '/demo-dashboard',
  },
] as const;

export type TPublicPage = (typeof publicPages)[number];

/** The landing page as a signed-in visitor sees it, sent for /landing with a session (SPEC §2 Landing). */
export const signedInLandingPage = { key: 'landing-signed-in', file: 'landing-signed-in.html' } as const;

/**
 * Written into the prerendered pages at build time (scripts/prerender.ts) and replaced by the server
 * (src/server/http/client-pages.ts): the configured public URL, the signed-in visitor's welcome name
 * (HTML-escaped) and the sign-in methods the server offers (JSON, HTML-escaped).
 */
export const pagePlaceholders = {
  publicUrl: '%BRANDLENS_PUBLIC_URL%',
  welcomeName: '%BRANDLENS_WELCOME_NAME%',
  authProviders: '%BRANDLENS_AUTH_PROVIDERS%',
} as const;

/** The not-found page, prerendered like the public pages and sent with status 404. */
export const notFoundPage = { key: 'not-found', file: '404.html', title: 'Page not found · Brandlens' } as const;

/**
 * The signed-in application's screens (SPEC §2), plus /upgrade, which shows the subscribe screen
 * (DESIGN §7.7), and /action-items, every action the dashboard lists only the first 5 of.
 */
export const appScreenPaths = [
  '/',
  '/action-items',
  '/brand-audit',
  '/consumer-insights',
  '/competitor-tracking',
  '/audit-results/:id',
  '/subscribe',
  '/upgrade',
  '/payment-success',
  '/settings',
  '/email-reports',
  '/white-label',
  '/admin/support',
  '/admin/outbox',
] as const;

export type TAppScreenPath = (typeof appScreenPaths)[number];

/** Shared links: open to anyone who has them, never indexed. */
export const sharedLinkPaths = ['/reports/:shareableToken', '/marketing-recommendations/:shareableToken'] as const;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One pattern matching every given path (optional trailing slash, case-insensitive like wouter). */
export function pathPattern(paths: readonly string[]): RegExp {
  const alternatives = paths.map((path) =>
    path
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)))
      .join('/')
      .replace(/\/$/, ''),
  );
  return new RegExp(`^(?:${alternatives.join('|')})/?$`, 'i');
}

const appScreens = pathPattern(appScreenPaths);
const sharedLinks = pathPattern(sharedLinkPaths);

/** What a browser path shows: a public page, an app screen or shared link (never indexed), or nothing. */
export function classifyPath(
  pathname: string,
): { kind: 'public'; page: TPublicPage } | { kind: 'app' | 'shared' | 'unknown' } {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const page = publicPages.find((candidate) => candidate.path === trimmed.toLowerCase());
  if (page) return { kind: 'public', page };
  if (sharedLinks.test(pathname)) return { kind: 'shared' };
  if (appScreens.test(pathname)) return { kind: 'app' };
  return { kind: 'unknown' };
}
