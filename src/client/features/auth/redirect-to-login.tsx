import { useEffect, useRef } from 'react';
import { CenteredSpinner } from '../../components/spinner.tsx';
import { toast } from '../../hooks/use-toast.ts';
import { navigateToServer, serverPaths } from '../../lib/navigation.ts';

export const LOGIN_REDIRECT_DELAY_MS = 500;

/** Shown on an app screen when the visitor is signed out: a toast, then the login redirect. */
export function RedirectToLogin() {
  const toasted = useRef(false);

  useEffect(() => {
    if (!toasted.current) {
      toasted.current = true;
      toast({
        title: 'Unauthorized',
        description: 'You are logged out. Logging in again...',
        variant: 'destructive',
      });
    }
    const timer = setTimeout(() => navigateToServer(serverPaths.login), LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  return <CenteredSpinner fullScreen label="Redirecting to sign in" />;
}
