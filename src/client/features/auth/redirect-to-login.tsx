import { useEffect, useRef } from 'react';
import { loadToaster } from '../../components/lazy-toaster.tsx';
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
    // The delay counts from when the toast can show: its code loads with the first toast.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    void loadToaster()
      .catch(() => undefined)
      .then(() => {
        if (!cancelled) timer = setTimeout(() => navigateToServer(serverPaths.login), LOGIN_REDIRECT_DELAY_MS);
      });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, []);

  return <CenteredSpinner fullScreen label="Redirecting to sign in" />;
}
