import { ArrowLeft, CircleCheckBig, ClipboardList } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'wouter';
import type { TActionItem } from '../../../shared/schemas/recommendations.ts';
import { PageHeader } from '../../components/layout/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Tabs, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { useBrands } from '../audits-shared/audit-queries.ts';
import { ActionsEmptyState, ActionsLoadError, ActionsLoading } from './action-item-parts.tsx';
import { completedActions, pendingActions, type TActionStatusFilter, useActionItems } from './action-item-queries.ts';
import { CompletedActionRow, PendingActionRow } from './action-item-rows.tsx';
import { GenerateActionsButton } from './recommended-actions.tsx';

const ALL_BRANDS = 'all';

function ActionList({
  status,
  items,
  showBrand,
}: {
  status: TActionStatusFilter;
  items: TActionItem[];
  showBrand: boolean;
}) {
  if (status === 'pending') {
    return (
      <ul className="space-y-3" aria-label="Pending actions">
        {items.map((item) => (
          <PendingActionRow key={item.id} item={item} showBrand={showBrand} />
        ))}
      </ul>
    );
  }
  return (
    <ul className="divide-y" aria-label="Completed actions">
      {items.map((item) => (
        <CompletedActionRow key={item.id} item={item} />
      ))}
    </ul>
  );
}

/**
 * Every action item, where the dashboard's '+N more actions' leads: pending or completed, for all
 * brands or one. Both filters live in the address (?status=pending&brand=...), so the dashboard can
 * link to the list it was showing and a reload keeps it.
 */
export default function ActionItemsPage() {
  const [params, setParams] = useSearchParams();
  const actions = useActionItems();
  const brands = useBrands();
  const brandList = brands.data ?? [];

  const status: TActionStatusFilter = params.get('status') === 'completed' ? 'completed' : 'pending';
  const brandParam = params.get('brand');
  // A brand that is not (or no longer) one of the user's falls back to every brand.
  const brand = brandParam ? brandList.find((candidate) => candidate.id === brandParam) : undefined;
  const brandId = brand?.id ?? null;

  const choose = (changes: Record<string, string | null>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const pending = actions.data ? pendingActions(actions.data, brandId) : [];
  const completed = actions.data ? completedActions(actions.data, brandId) : [];
  const shown = status === 'pending' ? pending : completed;

  let content: ReactNode;
  if (actions.isError) {
    content = <ActionsLoadError retrying={actions.isFetching} onRetry={() => void actions.refetch()} />;
  } else if (actions.isPending || (brandParam && brands.isPending)) {
    content = <ActionsLoading rows={4} />;
  } else if (shown.length === 0) {
    content =
      status === 'pending' ? (
        <ActionsEmptyState
          icon={CircleCheckBig}
          title="No pending actions"
          hint={brand ? `Nothing left to do for ${brand.name}.` : 'You are all caught up.'}
        >
          <GenerateActionsButton />
        </ActionsEmptyState>
      ) : (
        <ActionsEmptyState
          icon={ClipboardList}
          title="No completed actions yet"
          hint="Actions you tick off will appear here."
        />
      );
  } else {
    content = <ActionList status={status} items={shown} showBrand={brandId === null} />;
  }

  return (
    <>
      <PageHeader
        title="Action Items"
        description={
          brand
            ? `Fixes from ${brand.name}'s audits, highest priority first`
            : 'Fixes from your audits, highest priority first'
        }
        actions={
          <Button variant="outline" asChild>
            <Link href="/">
              <ArrowLeft aria-hidden="true" />
              Dashboard
            </Link>
          </Button>
        }
      />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Tabs value={status} onValueChange={(value) => choose({ status: value })}>
          <TabsList aria-label="Action status">
            <TabsTrigger value="pending" className="px-3 tabular-nums">
              Pending ({actions.data ? pending.length : '…'})
            </TabsTrigger>
            <TabsTrigger value="completed" className="px-3 tabular-nums">
              Completed ({actions.data ? completed.length : '…'})
            </TabsTrigger>
          </TabsList>
        </Tabs>
        {brandList.length > 0 && (
          <Select
            value={brandId ?? ALL_BRANDS}
            onValueChange={(value) => choose({ brand: value === ALL_BRANDS ? null : value })}
          >
            <SelectTrigger className="w-full sm:w-56" aria-label="Filter by brand">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL_BRANDS}>All Brands</SelectItem>
              {brandList.map((candidate) => (
                <SelectItem key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </div>
      <Card>
        <CardContent>{content}</CardContent>
      </Card>
    </>
  );
}
