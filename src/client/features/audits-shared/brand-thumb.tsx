import { useState } from 'react';
import { cn } from '../../lib/utils.ts';

/** A brand's logo, or its initial on a tinted tile when there is no logo (or it fails to load). */
export function BrandThumb({ name, src, className }: { name: string; src?: string | null; className?: string }) {
  const [failed, setFailed] = useState(false);
  const initial = name.trim().charAt(0).toUpperCase() || 'B';
  return (
    <span
      className={cn(
        'flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-primary/10 font-semibold text-primary',
        className,
      )}
    >
      {src && !failed ? (
        <img src={src} alt="" className="size-full object-contain p-0.5" onError={() => setFailed(true)} />
      ) : (
        <span aria-hidden="true">{initial}</span>
      )}
    </span>
  );
}
