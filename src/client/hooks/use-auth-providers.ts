import { useQuery } from '@tanstack/react-query';
import type { TAuthProviders } from '../../shared/schemas/auth.ts';
import { getQueryFn } from '../lib/api.ts';

/**
 * Which sign-in methods this server offers. When the call fails, the buttons still work as plain
 * links to the server, which then explains what is not configured.
 */
export const fallbackProviders: TAuthProviders = { replit: true, google: true, devSignIn: false };

export function useAuthProviders(): { providers: TAuthProviders; isLoading: boolean; isError: boolean } {
  const { data, isLoading, isError } = useQuery<TAuthProviders | null>({
    queryKey: ['/api/auth/providers'],
    queryFn: getQueryFn<TAuthProviders | null>({ on401: 'returnNull' }),
    retry: false,
  });

  const providers: TAuthProviders =
    data && typeof data === 'object'
      ? { replit: data.replit === true, google: data.google === true, devSignIn: data.devSignIn === true }
      : fallbackProviders;

  return { providers, isLoading, isError };
}
