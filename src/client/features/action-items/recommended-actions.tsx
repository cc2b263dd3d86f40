import { ArrowRight, CircleCheckBig, ClipboardList, LoaderCircle, Sparkles, Target } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { useAudits, useBrands } from '../audits-shared/audit-queries.ts';
import { ActionsEmptyState, ActionsLoadError, ActionsLoading } from './action-item-parts.tsx';
import {
  actionItemsPath,
  COMPLETED_ACTION_LIMIT,
  completedActions,
  PENDING_ACTION_LIMIT,
  pendingActions,
  useActionItems,
  useGenerateActions,
} from './action-item-queries.ts';
import { CompletedActionRow, PendingActionRow } from './action-item-rows.tsx';

const ALL_BRANDS = 'all';

export function GenerateActionsButton({ size = 'default' }: { size?: 'default' | 'sm' }) {
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
          <p className="mt-3 text-center text-sm">
            <Link
              href={actionItemsPath({ status: 'pending', brandId: filter })}
              className="inline-flex items-center gap-1 rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
              data-testid="more-actions"
            >
              +{more} more actions
              <ArrowRight aria-hidden="true" className="size-3.5" />
            </Link>
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
