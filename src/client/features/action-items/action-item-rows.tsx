import { Check, LoaderCircle, RotateCcw } from 'lucide-react';
import type { TActionItem } from '../../../shared/schemas/recommendations.ts';
import { Button } from '../../components/ui/button.tsx';
import { formatDate } from '../../lib/format.ts';
import { ActionPriorityBadge } from './action-item-parts.tsx';
import { actionPriorityColour, useSetActionStatus } from './action-item-queries.ts';

/** A pending action: its tick, title, priority, brand (when several brands are listed), category and description. */
export function PendingActionRow({ item, showBrand }: { item: TActionItem; showBrand: boolean }) {
  const setStatus = useSetActionStatus();
  const colour = actionPriorityColour(item.priority);
  return (
    <li
      className="flex gap-3 rounded-lg border border-l-[3px] bg-card p-3 sm:p-4"
      style={{ borderLeftColor: colour }}
      data-testid="pending-action"
    >
      <Button
        variant="outline"
        size="icon-sm"
        className="group mt-0.5 rounded-full hover:border-success hover:bg-success/10 hover:text-success"
        aria-label={`Mark "${item.title}" as completed`}
        onClick={() => setStatus.mutate({ item, status: 'completed' })}
        disabled={setStatus.isPending}
      >
        {setStatus.isPending ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : (
          <Check aria-hidden="true" className="opacity-40 transition-opacity group-hover:opacity-100" />
        )}
      </Button>
      <div className="min-w-0 flex-1">
        <p className="break-words font-medium text-sm leading-snug">{item.title}</p>
        <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground text-xs">
          <ActionPriorityBadge priority={item.priority} />
          {showBrand && <span className="font-medium text-foreground/80">{item.brandName}</span>}
          {showBrand && <span aria-hidden="true">·</span>}
          <span>{item.category}</span>
        </div>
        {item.description && (
          <p className="mt-1.5 line-clamp-2 break-words text-muted-foreground text-sm leading-relaxed">
            {item.description}
          </p>
        )}
      </div>
    </li>
  );
}

/** A completed action, struck through, with when it was done and a control to restore it. */
export function CompletedActionRow({ item }: { item: TActionItem }) {
  const setStatus = useSetActionStatus();
  return (
    <li className="flex items-center gap-3 py-3 first:pt-0 last:pb-0" data-testid="completed-action">
      <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-success/15 text-success">
        <Check aria-hidden="true" className="size-3.5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="break-words text-muted-foreground text-sm line-through decoration-muted-foreground/60">
          {item.title}
        </p>
        <p className="mt-0.5 truncate text-muted-foreground text-xs">
          {item.brandName}
          {item.completedAt && <> · Completed {formatDate(item.completedAt)}</>}
        </p>
      </div>
      <Button
        variant="ghost"
        size="icon-sm"
        className="text-muted-foreground"
        aria-label={`Restore "${item.title}"`}
        title="Move back to pending"
        onClick={() => setStatus.mutate({ item, status: 'pending' })}
        disabled={setStatus.isPending}
      >
        {setStatus.isPending ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : (
          <RotateCcw aria-hidden="true" />
        )}
      </Button>
    </li>
  );
}
