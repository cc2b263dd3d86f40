import { Check, CircleCheckBig, ClipboardList, LoaderCircle, RotateCcw, Sparkles, Target } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import type { TActionItem } from '../../../shared/schemas/recommendations.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { formatDate } from '../../lib/format.ts';
import { useAudits, useBrands } from '../audits-shared/audit-queries.ts';
import { ActionPriorityBadge, ActionsEmptyState, ActionsLoadError, ActionsLoading } from './action-item-parts.tsx';
import {
  actionPriorityColour,
  COMPLETED_ACTION_LIMIT,
  completedActions,
  PENDING_ACTION_LIMIT,
  pendingActions,
  useActionItems,
  useGenerateActions,
  useSetActionStatus,
} from './action-item-queries.ts';

const ALL_BRANDS = 'all';

function GenerateActionsButton({ size = 'default' }: { size?: 'default' | 'sm' }) {
  const generate = useGenerateActions();
  return (
    <Button
      variant={size === 'sm' ? 'outline' : 'default'}
      size={size}
      onClick={() => generate.mutate()}
      disabled={generate.isPending}
    >
      {generate.isPending ? (
        <LoaderCircle aria-hidden="true" className="animate-spin" />
      ) : (
        <Sparkles aria-hidden="true" />
      )}
      Generate Actions
    </Button>
  );
}

function PendingActionRow({ item, showBrand }: { item: TActionItem; showBrand: boolean }) {
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

/**
 * The dashboard's 'Recommended Actions' card: pending to-dos from the user's audits, highest priority
 * first, filterable by brand; at most 5 are listed, each with a tick to complete it.
 */
export function RecommendedActions() {
  const actions = useActionItems();
  const brands = useBrands();
  const audits = useAudits();
  const [brandFilter, setBrandFilter] = useState<string>(ALL_BRANDS);

  const brandList = brands.data ?? [];
  // A filter on a brand that no longer exists falls back to every brand.
  const filter = brandFilter !== ALL_BRANDS && brandList.some((brand) => brand.id === brandFilter) ? brandFilter : null;
  const filteredBrandName = filter ? brandList.find((brand) => brand.id === filter)?.name : undefined;
  const hasCompletedAudit = audits.data?.some((audit) => audit.status === 'completed') ?? false;
  const pending = actions.data ? pendingActions(actions.data, filter) : [];
  const shown = pending.slice(0, PENDING_ACTION_LIMIT);
  const more = pending.length - shown.length;

  const loading = actions.isPending || audits.isPending;
  const failed = actions.isError || audits.isError;
  const showList = !loading && !failed && pending.length > 0;

  let content: ReactNode;
  if (failed) {
    content = (
      <ActionsLoadError
        retrying={actions.isFetching || audits.isFetching}
        onRetry={() => {
          void actions.refetch();
          void audits.refetch();
        }}
      />
    );
  } else if (loading) {
    content = <ActionsLoading rows={3} />;
  } else if (pending.length > 0) {
    content = (
      <>
        <ul className="space-y-3" aria-label="Pending actions">
          {shown.map((item) => (
            <PendingActionRow key={item.id} item={item} showBrand={filter === null} />
          ))}
        </ul>
        {more > 0 && (
          <p className="mt-3 text-center text-muted-foreground text-sm" data-testid="more-actions">
            +{more} more actions
          </p>
        )}
      </>
    );
  } else if (hasCompletedAudit) {
    content = (
      <ActionsEmptyState
        icon={CircleCheckBig}
        title="No pending actions"
        hint={
          filteredBrandName
            ? `Nothing left to do for ${filteredBrandName}. Generate actions to add the fixes your latest audits found.`
            : actions.data?.length
              ? 'You are all caught up. Generate actions to add the fixes your latest audits found.'
              : 'Turn the fixes your audits found into a to-do list you can tick off.'
        }
      >
        <GenerateActionsButton />
      </ActionsEmptyState>
    );
  } else {
    content = (
      <ActionsEmptyState
        icon={ClipboardList}
        title="Complete your first audit to see personalized recommendations"
        hint="Each fix an audit finds becomes an action you can tick off here."
      >
        <Button asChild>
          <Link href="/brand-audit">Get Recommendations</Link>
        </Button>
      </ActionsEmptyState>
    );
  }

  const pendingCount = pending.length;
  return (
    <Card className="gap-5" data-testid="recommended-actions">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 space-y-1.5">
            <CardTitle className="flex flex-wrap items-center gap-2">
              <Target aria-hidden="true" className="size-4 text-primary" />
              <h2>Recommended Actions</h2>
              {!loading && !failed && (
                <Badge variant="secondary" className="tabular-nums" data-testid="pending-count">
                  {pendingCount} pending
                </Badge>
              )}
            </CardTitle>
            <CardDescription>
              {filteredBrandName ? `Fixes from ${filteredBrandName}'s audits` : 'Fixes from your audits'}, highest
              priority first
            </CardDescription>
          </div>
          {(brandList.length > 0 || (showList && hasCompletedAudit)) && (
            <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
              {brandList.length > 0 && (
                <Select value={filter ?? ALL_BRANDS} onValueChange={setBrandFilter}>
                  <SelectTrigger size="sm" className="min-w-0 flex-1 sm:w-44 sm:flex-none" aria-label="Filter by brand">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={ALL_BRANDS}>All Brands</SelectItem>
                    {brandList.map((brand) => (
                      <SelectItem key={brand.id} value={brand.id}>
                        {brand.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
              {showList && hasCompletedAudit && <GenerateActionsButton size="sm" />}
            </div>
          )}
        </div>
      </CardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  );
}

function CompletedActionRow({ item }: { item: TActionItem }) {
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

/** The dashboard's 'Recently Completed' card: the last 3 actions ticked off, each restorable. */
export function RecentlyCompleted() {
  const actions = useActionItems();
  const completed = actions.data ? completedActions(actions.data).slice(0, COMPLETED_ACTION_LIMIT) : [];

  let content: ReactNode;
  if (actions.isError) {
    content = <ActionsLoadError retrying={actions.isFetching} onRetry={() => void actions.refetch()} />;
  } else if (actions.isPending) {
    content = <ActionsLoading rows={2} />;
  } else if (completed.length === 0) {
    content = (
      <p className="rounded-lg border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
        Actions you tick off will appear here.
      </p>
    );
  } else {
    content = (
      <ul className="divide-y" aria-label="Recently completed actions">
        {completed.map((item) => (
          <CompletedActionRow key={item.id} item={item} />
        ))}
      </ul>
    );
  }

  return (
    <Card className="gap-5" data-testid="recently-completed">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CircleCheckBig aria-hidden="true" className="size-4 text-success" />
          <h2>Recently Completed</h2>
        </CardTitle>
        <CardDescription>Restore an action to move it back to pending</CardDescription>
      </CardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  );
}
