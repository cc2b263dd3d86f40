import { useSyncExternalStore } from 'react';
import { SIGNED_OUT_OK_HEADER } from '../../shared/auth-headers.ts';
import type { TCurrentUser } from '../../shared/schemas/auth.ts';
import { commonHeaders } from '../lib/common-headers.ts';

export const CURRENT_USER_URL = '/api/auth/user';

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
export async function readCurrentUser(): Promise<TCurrentUser | null> {
  const res = await fetch(CURRENT_USER_URL, {
    credentials: 'include',
    headers: { ...commonHeaders(), [SIGNED_OUT_OK_HEADER]: 'true' },
  });
  if (res.status === 204 || res.status === 401) return null;
  if (!res.ok) throw new Error(`${res.status}: the current user could not be read`);
  return (await res.json()) as TCurrentUser;
}

/*
 * Read once per page load, with no retry, and never stale (SPEC §7). A small store of its own rather
 * than React Query, which the landing page would otherwise download for this one read.
 */
const loading: AuthState = { user: undefined, isLoading: true, isAuthenticated: false };
let state = loading;
let started = false;
const listeners = new Set<() => void>();

function settle(user: TCurrentUser | null | undefined) {
  state = { user, isLoading: false, isAuthenticated: !!user };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!started) {
    started = true;
    // A failed read leaves the visitor signed out, as the read's error would.
    readCurrentUser().then(settle, () => settle(undefined));
  }
  return () => listeners.delete(listener);
}

/** Reads the current user again (its plan allowance changes when an audit starts); a failed read keeps what is known. */
export async function refreshCurrentUser(): Promise<void> {
  started = true;
  await readCurrentUser().then(settle, () => {});
}

/** The signed-in user: null when signed out, undefined while loading. */
export function useAuth(): AuthState {
  return useSyncExternalStore(subscribe, () => state);
}
