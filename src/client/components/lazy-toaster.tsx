import { lazy, Suspense } from 'react';
import { useToast } from '../hooks/use-toast.ts';

const Toaster = lazy(() => import('./ui/toaster.tsx').then((module) => ({ default: module.Toaster })));

/**
 * The toaster's code (Radix Toast) loads with the first toast, so public pages that never show one
 * do not download it.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
