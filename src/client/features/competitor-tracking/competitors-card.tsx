import { Building2, ExternalLink, Pencil, Plus, Store } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { TBrand } from '../../../shared/schemas/brands.ts';
import { competitorSizeLabels, type TCompetitorWithCounts } from '../../../shared/schemas/competitors.ts';
import { countOf } from '../../../shared/words.ts';
import { ConfirmDeleteButton } from '../../components/confirm-delete-button.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { CompetitorDialog } from './competitor-dialog.tsx';
import { useRemoveCompetitor, useTrackOwnBrandAds } from './competitor-queries.ts';
import { webAddress } from './links.ts';

function RemoveCompetitorButton({ competitor }: { competitor: TCompetitorWithCounts }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveCompetitor({ onRemoved: () => setConfirming(false) });
  return (
    <ConfirmDeleteButton
      label={`Remove ${competitor.name}`}
      title={`Remove ${competitor.name}?`}
      description={`Its ${competitor.adCount} ${competitor.adCount === 1 ? 'ad is' : 'ads are'} removed from the ad library with it. This cannot be undone.`}
      verb="Remove"
      open={confirming}
      onOpenChange={setConfirming}
      pending={remove.isPending}
      onConfirm={() => remove.mutate(competitor.id)}
    />
  );
}

function CompetitorRow({
  brand,
  competitor,
  actions,
  readOnly,
}: {
  brand: TBrand;
  competitor: TCompetitorWithCounts;
  actions?: ReactNode;
  readOnly: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const website = webAddress(competitor.website);
  const facts = [
    competitor.industry,
    competitor.size ? competitorSizeLabels[competitor.size] : null,
    competitor.facebookPageId ? `Facebook page ${competitor.facebookPageId}` : 'No Facebook page chosen',
  ].filter(Boolean);
  return (
    <li
      className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
      aria-label={competitor.name}
    >
      <div className="min-w-0 space-y-0.5">
        <p className="flex items-center gap-2 font-medium">
          {competitor.name}
          {competitor.isOwnBrand && <Badge variant="secondary">Your brand</Badge>}
        </p>
        {website && (
          <a
            href={website}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex max-w-full items-center gap-1 truncate text-primary text-sm hover:underline"
          >
            {competitor.website}
            <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
          </a>
        )}
        <p className="text-muted-foreground text-xs">{facts.join(' · ')}</p>
        <p className="text-muted-foreground text-xs tabular-nums" data-testid="ad-count">
          {countOf(competitor.adCount, 'ad')} in the library
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-1">
        {actions}
        {!readOnly && (
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`Edit ${competitor.name}`}
            onClick={() => setEditing(true)}
          >
            <Pencil aria-hidden="true" />
          </Button>
        )}
        <RemoveCompetitorButton competitor={competitor} />
      </div>
      {editing && <CompetitorDialog brand={brand} competitor={competitor} open onOpenChange={setEditing} />}
    </li>
  );
}

/**
 * The competitors list with Add Competitor, edit and remove. `competitorActions` is the slot for
 * per-competitor controls built elsewhere (the "Discover ads" button of ad discovery). Read-only
 * (the plan keeps what is stored as it is), only removing stays.
 */
export function CompetitorsCard({
  brand,
  competitors,
  competitorActions,
  readOnly = false,
}: {
  brand: TBrand;
  competitors: TCompetitorWithCounts[] | undefined;
  competitorActions?: (competitor: TCompetitorWithCounts) => ReactNode;
  readOnly?: boolean;
}) {
  const [adding, setAdding] = useState(false);
  const trackOwn = useTrackOwnBrandAds(brand);
  const hasOwnRow = competitors?.some((competitor) => competitor.isOwnBrand) ?? true;
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle>Competitors</CardTitle>
          <CardDescription>
            The companies whose ads and pages you follow for {brand.name}; "Your brand" holds {brand.name}'s own ads
            (choose its Facebook page with "Find Facebook page"), shown beside theirs.
          </CardDescription>
        </div>
        {!readOnly && (
          <div className="flex flex-wrap justify-end gap-2">
            {!hasOwnRow && (
              <Button size="sm" variant="outline" disabled={trackOwn.isPending} onClick={() => trackOwn.mutate()}>
                <Store aria-hidden="true" />
                Add your brand's ads
              </Button>
            )}
            <Button size="sm" onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" />
              Add Competitor
            </Button>
          </div>
        )}
      </CardHeader>
      <CardContent>
        {competitors === undefined ? (
          <Skeleton className="h-24 w-full" />
        ) : competitors.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-8 text-center">
            <Building2 aria-hidden="true" className="size-8 text-muted-foreground" />
            <p className="font-medium">No competitors yet</p>
            {!readOnly && (
              <p className="max-w-sm text-muted-foreground text-sm">
                Add the companies you compete with to follow their ads and compare your positioning.
              </p>
            )}
          </div>
        ) : (
          <ul className="divide-y" aria-label="Competitors">
            {competitors.map((competitor) => (
              <CompetitorRow
                key={competitor.id}
                brand={brand}
                competitor={competitor}
                actions={competitorActions?.(competitor)}
                readOnly={readOnly}
              />
            ))}
          </ul>
        )}
      </CardContent>
      {adding && <CompetitorDialog brand={brand} competitor={null} open onOpenChange={setAdding} />}
    </Card>
  );
}
