import { Progress } from '../../../components/ui/progress.tsx';
import { cn } from '../../../lib/utils.ts';

/** A long task's stage and real progress (DESIGN §7.4), announced to screen readers as it moves. */
export function TaskProgressBar({
  label,
  stage,
  percent,
  className,
}: {
  /** what the bar is for, e.g. 'Discovery progress' */
  label: string;
  stage: string;
  percent: number;
  className?: string;
}) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-center justify-between gap-2 text-xs">
        <span className="truncate font-medium text-foreground" aria-live="polite">
          {stage}
        </span>
        <span className="shrink-0 text-muted-foreground tabular-nums">{value}%</span>
      </div>
      <Progress value={value} aria-label={`${label}: ${stage}`} aria-valuetext={`${value}%`} />
    </div>
  );
}
