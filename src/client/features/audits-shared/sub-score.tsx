import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/utils.ts';
import { scoreBarClass, scoreTextClass } from './score-colours.ts';

type SubScoreProps = {
  label: string;
  score: number | null;
  icon?: LucideIcon;
  /** 'compact' for audit cards; 'bar' adds a progress bar under the label. */
  variant?: 'compact' | 'bar';
  className?: string;
};

/** One area score (website, social media, brand assets); a missing score reads 'Not measured'. */
export function SubScore({ label, score, icon: Icon, variant = 'bar', className }: SubScoreProps) {
  const measured = score !== null;
  return (
    <div className={cn('min-w-0', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <span className="flex min-w-0 items-center gap-1.5 text-muted-foreground text-xs sm:text-sm">
          {Icon && <Icon aria-hidden="true" className="size-3.5 shrink-0" />}
          <span className="truncate">{label}</span>
        </span>
        {measured ? (
          <span className={cn('font-semibold tabular-nums', scoreTextClass(score))}>
            {score}
            {variant === 'bar' && <span className="font-normal text-muted-foreground text-xs">/100</span>}
          </span>
        ) : (
          <span className="shrink-0 text-muted-foreground text-xs" title="Not measured">
            <span aria-hidden="true">—</span> Not measured
          </span>
        )}
      </div>
      {variant === 'bar' && (
        <div className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-muted">
          {measured && (
            <div className={cn('h-full rounded-full', scoreBarClass(score))} style={{ width: `${score}%` }} />
          )}
        </div>
      )}
    </div>
  );
}
