import { AlertCircle, RefreshCw } from 'lucide-react';
import type * as React from 'react';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/utils.ts';
import { actionPriorityColour } from './action-item-queries.ts';

/** '{priority} Priority', tinted with the priority's chart colour. */
export function ActionPriorityBadge({ priority }: { priority: string }) {
  const colour = actionPriorityColour(priority);
  return (
    <Badge
      variant="outline"
      data-priority={priority}
      style={{
        borderColor: `color-mix(in oklab, ${colour} 40%, transparent)`,
        backgroundColor: `color-mix(in oklab, ${colour} 12%, transparent)`,
      }}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full" style={{ backgroundColor: colour }} />
      {priority} Priority
    </Badge>
  );
}

/** A dashed box with an icon, a line of text, a hint and an optional call to action. */
export function ActionsEmptyState({
  icon: Icon,
  title,
  hint,
  children,
  className,
}: {
  icon: React.ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  title: string;
  hint?: string;
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col items-center rounded-lg border border-dashed px-4 py-8 text-center', className)}>
      <span className="flex size-11 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <p className="mt-3 font-medium">{title}</p>
      {hint && <p className="mt-1 max-w-sm text-muted-foreground text-sm">{hint}</p>}
      {children && <div className="mt-5">{children}</div>}
    </div>
  );
}

export function ActionsLoading({ rows }: { rows: number }) {
  return (
    <div className="space-y-3" aria-busy="true">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-16 w-full" />
      ))}
    </div>
  );
}

export function ActionsLoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <ActionsEmptyState icon={AlertCircle} title="We couldn't load your actions" hint="Please try again in a moment.">
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        <RefreshCw aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
        Try again
      </Button>
    </ActionsEmptyState>
  );
}
