import { toast } from '../../hooks/use-toast.ts';
import { errorDisplayMessage, isUnauthorizedError } from '../../lib/api.ts';
import { navigateToServer, serverPaths } from '../../lib/navigation.ts';
import { LOGIN_REDIRECT_DELAY_MS } from '../auth/redirect-to-login.tsx';

/**
 * Reports a failed request in a toast. A signed-out reply (401 Unauthorized) gives the
 * 'Unauthorized' toast and the login redirect after 500 ms instead (SPEC §8).
 */
export function notifyError(error: unknown, title: string, fallback: string): void {
  if (isUnauthorizedError(error)) {
    toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
    setTimeout(() => navigateToServer(serverPaths.login), LOGIN_REDIRECT_DELAY_MS);
    return;
  }
  const description = errorDisplayMessage(error, fallback);
  toast({ title, description: description === title ? undefined : description, variant: 'destructive' });
}
