import type { PlanKey } from '../../../shared/plans.ts';
import type { TAuthProviders } from '../../../shared/schemas/auth.ts';
import { serverPaths } from '../../lib/navigation.ts';

/** Where Continue with Google goes: the plan, if one was chosen, travels as `state`. */
export function googleSignInUrl(plan: PlanKey | null): string {
  return plan ? `${serverPaths.google}?state=${encodeURIComponent(plan)}` : serverPaths.google;
}

function withQuery(path: string, params: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value) search.set(key, value);
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Where Continue with Replit goes. An e-mail entered on a server with development sign-in signs in as
 * that address; otherwise the hosting-platform login; otherwise development sign-in as the demo
 * account. Null when the server offers neither.
 */
export function replitSignInUrl(providers: TAuthProviders, email: string, plan: PlanKey | null): string | null {
  const trimmed = email.trim();
  if (trimmed && providers.devSignIn) return withQuery(serverPaths.devSwitch, { email: trimmed, plan });
  if (providers.replit) return withQuery(serverPaths.login, { plan });
  if (providers.devSignIn) return withQuery(serverPaths.devSwitch, { plan });
  return null;
}

/**
 * Which sign-in methods the server offers, from what it wrote into the page. Anything unreadable
 * counts as every provider and no development sign-in: the buttons then go to the server, which
 * explains what is not configured.
 */
export function authProvidersFrom(json: string | null | undefined): TAuthProviders {
  try {
    const data: unknown = JSON.parse(json ?? '');
    if (data && typeof data === 'object') {
      const value = data as Record<string, unknown>;
      return { replit: value.replit === true, google: value.google === true, devSignIn: value.devSignIn === true };
    }
  } catch {
    // Falls through to the fallback.
  }
  return { replit: true, google: true, devSignIn: false };
}
