import { CircleAlert, Globe, LoaderCircle, Pencil, Play, Plus } from 'lucide-react';
import { useState } from 'react';
import type { PlanKey } from '../../../shared/plans.ts';
import type { TBrand } from '../../../shared/schemas/brands.ts';
import { ReadOnlyBadge } from '../../components/read-only-badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { useStartAudit } from '../audits-shared/audit-queries.ts';
import { brandReadOnlyState } from '../audits-shared/plan-access.ts';
import { ReadOnlyNotice } from '../audits-shared/read-only-notice.tsx';
import { BrandForm } from './brand-form.tsx';

type AuditStarterCardProps = {
  brands: TBrand[];
  maxBrands: number;
  /** the workspace's plan, for the upgrade a read-only brand offers */
  planType: PlanKey | undefined;
  selectedBrandId: string | null;
  onSelectBrand: (brandId: string) => void;
  /** Brands with an audit running now: another cannot start until it ends. */
  busyBrandIds: Set<string>;
  onEditBrand: (brand: TBrand) => void;
};

function BrandLimitNotice({ maxBrands }: { maxBrands: number }) {
  return (
    <p className="text-muted-foreground text-sm">
      Maximum brands limit ({maxBrands}) reached.{' '}
      <a href="/landing#pricing" className="font-medium text-primary underline-offset-4 hover:underline">
        Upgrade your plan
      </a>{' '}
      to add more brands.
    </p>
  );
}

/** Picks a brand and starts its audit, or switches to creating a brand (SPEC §2, Brand Audit page). */
export function AuditStarterCard({
  brands,
  maxBrands,
  planType,
  selectedBrandId,
  onSelectBrand,
  busyBrandIds,
  onEditBrand,
}: AuditStarterCardProps) {
  const [creating, setCreating] = useState(false);
  const [selectError, setSelectError] = useState<string | null>(null);
  const start = useStartAudit();
  const canAddBrand = brands.length < maxBrands;
  const showForm = brands.length === 0 || creating;
  const selected = brands.find((brand) => brand.id === selectedBrandId) ?? null;
  const running = selected ? busyBrandIds.has(selected.id) : false;
  const readOnly = selected ? brandReadOnlyState(planType, selected) : null;

  const startAudit = () => {
    if (!selected) {
      setSelectError('Please select a brand');
      return;
    }
    setSelectError(null);
    start.mutate(selected.id);
  };

  if (showForm) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="text-lg">{brands.length === 0 ? 'Create Your First Brand' : 'Add New Brand'}</h2>
          </CardTitle>
          <CardDescription>
            Tell us where your brand lives online. Only the name is required; the more you add, the more we can measure.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {canAddBrand ? (
            <BrandForm
              onSaved={(brand) => {
                onSelectBrand(brand.id);
                setCreating(false);
              }}
              onCancel={brands.length > 0 ? () => setCreating(false) : undefined}
            />
          ) : (
            <BrandLimitNotice maxBrands={maxBrands} />
          )}
        </CardContent>
      </Card>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Start a New Audit</h2>
        </CardTitle>
        <CardDescription>
          We crawl the brand's website, check its social profiles and assets, and score what we measure.
        </CardDescription>
        {canAddBrand && (
          <CardAction>
            <Button variant="outline" size="sm" onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              <span className="hidden sm:inline">Add New Brand</span>
              <span className="sm:hidden">Add Brand</span>
            </Button>
          </CardAction>
        )}
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="min-w-0 flex-1 space-y-2">
            <Label htmlFor="audit-brand">Brand</Label>
            <Select
              value={selected?.id ?? ''}
              onValueChange={(value) => {
                setSelectError(null);
                onSelectBrand(value);
              }}
            >
              <SelectTrigger
                id="audit-brand"
                className="w-full"
                aria-invalid={selectError ? true : undefined}
                aria-describedby={selectError ? 'audit-brand-error' : undefined}
              >
                <SelectValue placeholder="Select a brand" />
              </SelectTrigger>
              <SelectContent>
                {brands.map((brand) => (
                  <SelectItem key={brand.id} value={brand.id}>
                    {brand.name}
                    {brand.readOnly && <ReadOnlyBadge />}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Button onClick={startAudit} disabled={start.isPending || running || readOnly !== null} className="sm:w-40">
            {start.isPending || running ? (
              <LoaderCircle aria-hidden="true" className="animate-spin" />
            ) : (
              <Play aria-hidden="true" />
            )}
            {running ? 'Audit Running' : start.isPending ? 'Starting...' : 'Start Audit'}
          </Button>
        </div>
        {selectError && (
          <p id="audit-brand-error" role="alert" className="text-destructive text-sm">
            {selectError}
          </p>
        )}

        {readOnly && <ReadOnlyNotice state={readOnly} />}
        {selected &&
          !readOnly &&
          (selected.websiteUrl ? (
            <p className="flex min-w-0 items-center gap-2 text-muted-foreground text-sm">
              <Globe aria-hidden="true" className="size-4 shrink-0" />
              <span className="truncate">{selected.websiteUrl}</span>
            </p>
          ) : (
            <div className="flex flex-col gap-3 rounded-lg border border-amber-300/70 bg-amber-50 px-4 py-3 text-amber-900 text-sm sm:flex-row sm:items-center sm:justify-between dark:bg-amber-950/40 dark:text-amber-100">
              <p className="flex items-start gap-2">
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                Add {selected.name}'s website address before running an audit.
              </p>
              <Button variant="outline" size="sm" className="shrink-0" onClick={() => onEditBrand(selected)}>
                <Pencil aria-hidden="true" />
                Add website
              </Button>
            </div>
          ))}

        {!canAddBrand && <BrandLimitNotice maxBrands={maxBrands} />}
      </CardContent>
    </Card>
  );
}
