/**
 * Who is signed in, read once per page load with no React (the app starts the read before React
 * has loaded; useAuth gives it to components).
 */
import { SIGNED_OUT_OK_HEADER } from '../../shared/auth-headers.ts';
import type { TCurrentUser } from '../../shared/schemas/auth.ts';
import { commonHeaders } from './common-headers.ts';

const CURRENT_USER_URL = '/api/auth/user';

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

/** What is known of the current user now. */
export const currentUserState = () => state;

/*
 * Read once per page load, with no retry, and never stale (SPEC §7). A small store of its own rather
 * than React Query, which the landing page would otherwise download for this one read.
 */
const loading: AuthState = { user: undefined, isLoading: true, isAuthenticated: false };
let state = loading;
let firstRead: Promise<TCurrentUser | null | undefined> | null = null;
const listeners = new Set<() => void>();

function settle(user: TCurrentUser | null | undefined) {
  state = { user, isLoading: false, isAuthenticated: !!user };
  for (const listener of listeners) listener();
}

/**
 * The page load's one current-user read, started by whichever asks first (the app as it starts, or
 * the first screen that renders): the user, null signed out, undefined when the read failed.
 */
export function startCurrentUserRead(): Promise<TCurrentUser | null | undefined> {
  if (!firstRead) {
    // A failed read leaves the visitor signed out, as the read's error would.
    firstRead = readCurrentUser().then(
      (user) => {
        settle(user);
        return user;
      },
      () => {
        settle(undefined);
        return undefined;
      },
    );
  }
  return firstRead;
}

/** Listens to the current user (and starts its read): for useAuth. */
export function subscribeToCurrentUser(listener: () => void) {
  listeners.add(listener);
  void startCurrentUserRead();
  return () => listeners.delete(listener);
}

/** Reads the current user again (its plan allowance changes when an audit starts); a failed read keeps what is known. */
export async function refreshCurrentUser(): Promise<void> {
  firstRead ??= Promise.resolve(state.user);
  await readCurrentUser().then(settle, () => {});
}
