import { useSyncExternalStore } from 'react';
import { type AuthState, currentUserState, subscribeToCurrentUser } from '../lib/current-user.ts';

/** The signed-in user: null when signed out, undefined while loading. */
export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeToCurrentUser, currentUserState);
}
