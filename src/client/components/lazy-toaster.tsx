import { type ComponentType, lazy, Suspense } from 'react';
import { useToast } from '../hooks/use-toast.ts';

let toasterModule: Promise<{ default: ComponentType }> | undefined;

/** Loads the toaster's code; resolves once a toast can show. */
export function loadToaster(): Promise<{ default: ComponentType }> {
  toasterModule ??= import('./ui/toaster.tsx').then((module) => ({ default: module.Toaster }));
  return toasterModule;
}

const Toaster = lazy(loadToaster);

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
