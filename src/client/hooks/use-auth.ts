import { useQuery } from '@tanstack/react-query';
import type { TCurrentUser } from '../../shared/schemas/auth.ts';
import { getQueryFn } from '../lib/api.ts';

export const currentUserQueryKey = ['/api/auth/user'] as const;

export type AuthState = {
  user: TCurrentUser | null | undefined;
  isLoading: boolean;
  isAuthenticated: boolean;
};

/** The signed-in user: null when signed out (401), undefined while loading. */
export function useAuth(): AuthState {
  const { data: user, isLoading } = useQuery<TCurrentUser | null>({
    queryKey: currentUserQueryKey,
    queryFn: getQueryFn<TCurrentUser | null>({ on401: 'returnNull' }),
    retry: false,
  });

  return { user, isLoading, isAuthenticated: !!user };
}
