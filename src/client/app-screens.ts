import type { ComponentType } from 'react';
import { appScreenPaths, pathPattern, type TAppScreenPath } from '../shared/routes.ts';
import type { TBrand } from '../shared/schemas/brands.ts';
import { commonHeaders } from './lib/common-headers.ts';
import { startCurrentUserRead } from './lib/current-user.ts';
import { type RememberingLoader, remembering } from './lib/remembering-loader.ts';

type ScreenModule = { default: ComponentType };

/** Each app screen's code, by its path in the shared route table: loaded on demand. */
const screenLoaders: Record<TAppScreenPath, () => Promise<ScreenModule>> = {
  '/': () => import('./features/dashboard/dashboard-page.tsx'),
  '/action-items': () => import('./features/action-items/action-items-page.tsx'),
  '/brand-audit': () => import('./features/brand-audit/brand-audit-page.tsx'),
  '/consumer-insights': () => import('./features/consumer-insights/consumer-insights-page.tsx'),
  '/competitor-tracking': () => import('./features/competitor-tracking/competitor-tracking-page.tsx'),
  '/audit-results/:id': () => import('./features/audit-results/audit-results-page.tsx'),
  '/subscribe': () => import('./features/billing/subscribe-page.tsx'),
  '/upgrade': () => import('./features/billing/subscribe-page.tsx'),
  '/payment-success': () => import('./features/billing/payment-success-page.tsx'),
  '/settings': () => import('./features/settings/settings-page.tsx'),
  '/email-reports': () => import('./features/email-reports/email-reports-page.tsx'),
  '/white-label': () => import('./features/white-label/white-label-page.tsx'),
  '/admin/support': () => import('./features/admin/support-inbox-page.tsx'),
  '/admin/outbox': () => import('./features/admin/outbox-page.tsx'),
};
export const appScreenModules = Object.fromEntries(
  Object.entries(screenLoaders).map(([path, load]) => [path, remembering(load)]),
) as Record<TAppScreenPath, RememberingLoader<ScreenModule>>;

/** React Query and the app's cache, around the screens that read the API through it. */
export const queryProviderModule = remembering(() => import('./components/query-provider.tsx'));
/** The signed-in application's frame: navigation and header. */
export const appShellModule = remembering(() => import('./components/layout/app-shell.tsx'));

const screenPatterns = appScreenPaths.map((path) => [path, pathPattern([path])] as const);

let openingBrands: Promise<TBrand[] | null> | null = null;
let openingCode: Promise<unknown> = Promise.resolve();

/** Settles once the opening screen's code (started by startOpeningScreen) has loaded or failed to. */
export const openingScreenCode = () => openingCode;

/**
 * The brands read as the app started (every screen's first read), for the query cache to take as
 * its own: null when that read failed (the screen then reads them itself, and says why it cannot),
 * and no promise when none was started (a signed-out visit, or a page that is no app screen).
 */
export function takeOpeningBrands(): Promise<TBrand[] | null> | null {
  const read = openingBrands;
  openingBrands = null;
  return read;
}

/** The brands, or null for any failure: read with fetch alone, as the app's API helpers bring the packages' chunk (zod) the entry leaves to the app. */
async function readBrands(): Promise<TBrand[] | null> {
  const response = await fetch('/api/brands', { credentials: 'include', headers: commonHeaders() });
  return response.ok ? ((await response.json()) as TBrand[]) : null;
}

/**
 * A visit that opens on an app screen asks, as the app starts (before React has loaded), for what
 * React would otherwise reach one wave at a time: the current user, and the brands the moment that
 * read says someone is signed in, beside the screen's code and the app's frame. The screen's first
 * card comes after the slowest of them, not after each in turn. A signed-out visit only loads code
 * it will not show.
 */
export function startOpeningScreen(pathname: string) {
  const screen = screenPatterns.find(([, pattern]) => pattern.test(pathname))?.[0];
  if (!screen) return;
  openingBrands = startCurrentUserRead().then((signedIn) => (signedIn ? readBrands().catch(() => null) : null));
  // a failed load shows when the screen renders and loads it again (React.lazy)
  openingCode = Promise.allSettled([queryProviderModule(), appShellModule(), appScreenModules[screen]()]);
}
