import { cn } from '../lib/utils.ts';

/** The Brandlens mark: a lens over a gradient tile. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <defs>
        <linearGradient id="brandlens-mark" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#7c3aed" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="url(#brandlens-mark)" />
      <circle cx="14.5" cy="14.5" r="6.5" fill="none" stroke="#fff" strokeWidth="2.6" />
      <path d="M19.5 19.5 24 24" stroke="#fff" strokeWidth="2.8" strokeLinecap="round" />
      <circle cx="14.5" cy="14.5" r="2.2" fill="#fff" />
    </svg>
  );
}

/** The mark with the product name. */
export function BrandLogo({ className, markClassName }: { className?: string; markClassName?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <BrandMark className={markClassName} />
      <span className="font-bold text-lg tracking-tight">Brandlens</span>
    </span>
  );
}
