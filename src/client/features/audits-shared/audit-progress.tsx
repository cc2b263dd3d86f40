import type { TAuditSummary } from '../../../shared/schemas/audits.ts';
import { Progress } from '../../components/ui/progress.tsx';
import { cn } from '../../lib/utils.ts';

/** The running job's stage and its real progress (DESIGN §7.4). */
export function AuditProgress({
  audit,
  className,
}: {
  audit: Pick<TAuditSummary, 'progressStage' | 'progressPercent'>;
  className?: string;
}) {
  const percent = Math.max(0, Math.min(100, Math.round(audit.progressPercent)));
  const stage = audit.progressStage?.trim() || 'Queued';
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-center justify-between gap-2 text-xs">
        <span className="truncate font-medium text-foreground" aria-live="polite">
          {stage}
        </span>
        <span className="shrink-0 text-muted-foreground tabular-nums">{percent}%</span>
      </div>
      <Progress value={percent} aria-label={`Audit progress: ${stage}`} />
    </div>
  );
}
