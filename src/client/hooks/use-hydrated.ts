import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False while React renders markup for a prerendered page (at build time, and while the browser
 * hydrates it), true otherwise. React re-renders once hydration is done, so state that the
 * prerendered markup could not know (who is signed in) shows right after, without a mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
