import { type QueryFunction, useQuery } from '@tanstack/react-query';
import { SIGNED_OUT_OK_HEADER, type TCurrentUser } from '../../shared/schemas/auth.ts';
import { commonHeaders, throwIfResNotOk } from '../lib/api.ts';
import { useHydrated } from './use-hydrated.ts';

export const currentUserQueryKey = ['/api/auth/user'] as const;

export type AuthState = {
  user: TCurrentUser | null | undefined;
  isLoading: boolean;
  isAuthenticated: boolean;
};

/**
 * The current-user read: null when signed out. It asks for 204 rather than 401 when no one is
 * signed in, so a signed-out visit makes no failed request (and logs no console error); a 401
 * (from a server that ignores the header) still means signed out.
 */
export const readCurrentUser: QueryFunction<TCurrentUser | null> = async ({ signal }) => {
  const res = await fetch(currentUserQueryKey[0], {
    credentials: 'include',
    headers: { ...commonHeaders(), [SIGNED_OUT_OK_HEADER]: 'true' },
    signal,
  });
  if (res.status === 204 || res.status === 401) return null;
  await throwIfResNotOk(res);
  return (await res.json()) as TCurrentUser;
};

/**
 * The signed-in user: null when signed out, undefined while loading. A prerendered page is hydrated
 * as still loading (what its markup shows), even when the answer has already arrived.
 */
export function useAuth(): AuthState {
  const hydrated = useHydrated();
  const { data: user, isLoading } = useQuery<TCurrentUser | null>({
    queryKey: currentUserQueryKey,
    queryFn: readCurrentUser,
    retry: false,
  });

  if (!hydrated) return { user: undefined, isLoading: true, isAuthenticated: false };
  return { user, isLoading, isAuthenticated: !!user };
}
