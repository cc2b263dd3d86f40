import { LoaderCircle } from 'lucide-react';
import { cn } from '../lib/utils.ts';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-live="polite" className="inline-flex">
      <LoaderCircle aria-hidden="true" className={cn('size-6 animate-spin text-primary', className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A spinner centred in the viewport (full screen) or in the available space. */
export function CenteredSpinner({ fullScreen = false, label }: { fullScreen?: boolean; label?: string }) {
  return (
    <div
      className={cn('flex w-full items-center justify-center', fullScreen ? 'min-h-dvh' : 'min-h-[50vh]')}
      data-testid="loading-spinner"
    >
      <Spinner className="size-8" label={label} />
    </div>
  );
}
