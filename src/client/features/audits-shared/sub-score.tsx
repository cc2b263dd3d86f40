import type { LucideIcon } from 'lucide-react';
import { NOT_ENOUGH_MEASURED, toAddSentence } from '../../../shared/audit-labels.ts';
import type { TAreaCoverage } from '../../../shared/schemas/audits.ts';
import { cn } from '../../lib/utils.ts';
import { scoreBarClass, scoreTextClass } from './score-colours.ts';

type SubScoreProps = {
  label: string;
  score: number | null;
  /** how much of the area was measured; null for audits scored before it was recorded */
  coverage?: TAreaCoverage | null;
  icon?: LucideIcon;
  /** 'compact' for audit cards; 'bar' adds a progress bar under the label. */
  variant?: 'compact' | 'bar';
  className?: string;
};

/**
 * One area score (website, social media, brand assets) with its coverage ('12 of 20 checks applied').
 * An area with too few applicable checks reads 'Not enough measured' and says what to add; a missing
 * score without coverage reads 'Not measured'.
 */
export function SubScore({ label, score, coverage, icon: Icon, variant = 'bar', className }: SubScoreProps) {
  const notEnough = coverage?.enough === false;
  const measured = score !== null && !notEnough;
  return (
    <div className={cn('min-w-0', className)} data-testid="sub-score" data-area-label={label}>
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
        ) : notEnough && variant === 'bar' ? (
          // The words go under the bar, where there is room for them and for the label.
          <span aria-hidden="true" className="shrink-0 text-muted-foreground text-xs">
            —
          </span>
        ) : (
          <span className="shrink-0 text-muted-foreground text-xs">
            <span aria-hidden="true">—</span> {notEnough ? NOT_ENOUGH_MEASURED : 'Not measured'}
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
      {coverage && (
        <p className={cn('text-muted-foreground', variant === 'bar' ? 'mt-1.5 text-xs' : 'text-[0.7rem]')}>
          {notEnough && variant === 'bar' && (
            <span className="block font-medium text-foreground">{NOT_ENOUGH_MEASURED}</span>
          )}
          {coverage.coverage}
          {notEnough && variant === 'bar' && (
            <span className="block">{toAddSentence(coverage.toAdd, coverage.coverage)}</span>
          )}
        </p>
      )}
    </div>
  );
}
