import { FileUp, Info, Megaphone, Plus } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import type { TBrand } from '../../../shared/schemas/brands.ts';
import {
  adPlatformLabels,
  adPlatforms,
  connectedAdPlatforms,
  metaMediaTypeLabels,
  metaMediaTypes,
  type TAd,
  type TAdPlatform,
  type TCompetitorWithCounts,
} from '../../../shared/schemas/competitors.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { AdCard } from './ad-card.tsx';
import { AdCsvImportDialog } from './ad-csv-import-dialog.tsx';
import { AdDialog } from './ad-dialog.tsx';

const ALL = 'all';
const manualPlatforms = adPlatforms.filter((platform) => !connectedAdPlatforms.includes(platform));

/** Which platforms can be read automatically and which only by hand or CSV, so nobody waits for what cannot come. */
function PlatformNote() {
  const names = manualPlatforms.map((platform) => adPlatformLabels[platform]).join(', ');
  return (
    <p className="flex items-start gap-2 rounded-md bg-muted/50 px-3 py-2 text-muted-foreground text-xs">
      <Info aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      <span>
        {names} have no ad library open to small businesses, so their ads are added by hand or imported from a CSV file.
        Meta's ads can also be found in its Ad Library, and TikTok's (shown in the EU) in its Commercial Content
        Library.
      </span>
    </p>
  );
}

function FilterSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex min-w-40 flex-1 flex-col gap-1 sm:flex-none">
      <Label htmlFor={id} className="text-muted-foreground text-xs">
        {label}
      </Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} className="w-full sm:w-48">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/**
 * The ad library of the brand's competitors: filters, Add Ad, CSV import, and each ad as a card.
 * `discoveryActions` is the slot for Auto-Discover All, built with ad discovery. Read-only (the plan
 * keeps what is stored as it is), the ads can be filtered and deleted, not added or edited.
 */
export function AdLibraryCard({
  brand,
  competitors,
  ads,
  discoveryActions,
  readOnly = false,
}: {
  brand: TBrand;
  competitors: TCompetitorWithCounts[];
  ads: TAd[] | undefined;
  discoveryActions?: ReactNode;
  readOnly?: boolean;
}) {
  const [competitorFilter, setCompetitorFilter] = useState(ALL);
  const [platformFilter, setPlatformFilter] = useState(ALL);
  const [mediaFilter, setMediaFilter] = useState(ALL);
  const [placementFilter, setPlacementFilter] = useState(ALL);
  // where Meta ads ran, as Meta names it: only the places the library's ads have
  const placements = useMemo(() => [...new Set((ads ?? []).flatMap((ad) => ad.publisherPlatforms))].sort(), [ads]);
  const [editing, setEditing] = useState<TAd | null | 'new'>(null);
  const [importing, setImporting] = useState(false);
  const names = useMemo(
    () =>
      new Map(
        competitors.map((competitor) => [
          competitor.id,
          competitor.isOwnBrand ? `${competitor.name} (your brand)` : competitor.name,
        ]),
      ),
    [competitors],
  );
  // A filter naming a competitor that is gone shows everything again (SPEC §4: selection clears).
  const competitorShown = names.has(competitorFilter) ? competitorFilter : ALL;
  const placementShown = placements.includes(placementFilter) ? placementFilter : ALL;
  const shown = (ads ?? []).filter(
    (ad) =>
      (competitorShown === ALL || ad.competitorId === competitorShown) &&
      (platformFilter === ALL || ad.platform === (platformFilter as TAdPlatform)) &&
      (mediaFilter === ALL || ad.mediaType === mediaFilter) &&
      (placementShown === ALL || ad.publisherPlatforms.includes(placementShown)),
  );
  const noCompetitors = competitors.length === 0;

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle>Ad Library</CardTitle>
          <CardDescription>Your competitors' ads, with how long each has run.</CardDescription>
        </div>
        {!readOnly && (
          <div className="flex flex-wrap gap-2">
            {discoveryActions}
            <Button size="sm" variant="outline" disabled={noCompetitors} onClick={() => setImporting(true)}>
              <FileUp aria-hidden="true" />
              Import CSV
            </Button>
            <Button size="sm" disabled={noCompetitors} onClick={() => setEditing('new')}>
              <Plus aria-hidden="true" />
              Add Ad
            </Button>
          </div>
        )}
      </CardHeader>
      <CardContent className="space-y-4">
        {!readOnly && <PlatformNote />}
        <div className="flex flex-wrap gap-3">
          <FilterSelect
            id="ad-filter-competitor"
            label="Competitor"
            value={competitorShown}
            onChange={setCompetitorFilter}
            options={[
              { value: ALL, label: 'All competitors' },
              ...competitors.map((competitor) => ({ value: competitor.id, label: names.get(competitor.id)! })),
            ]}
          />
          <FilterSelect
            id="ad-filter-platform"
            label="Platform"
            value={platformFilter}
            onChange={setPlatformFilter}
            options={[
              { value: ALL, label: 'All platforms' },
              ...adPlatforms.map((platform) => ({ value: platform, label: adPlatformLabels[platform] })),
            ]}
          />
          <FilterSelect
            id="ad-filter-media"
            label="Media type (Meta)"
            value={mediaFilter}
            onChange={setMediaFilter}
            options={[
              { value: ALL, label: 'All media types' },
              ...metaMediaTypes.map((mediaType) => ({ value: mediaType, label: metaMediaTypeLabels[mediaType] })),
            ]}
          />
          <FilterSelect
            id="ad-filter-placement"
            label="Shown on (Meta)"
            value={placementShown}
            onChange={setPlacementFilter}
            options={[
              { value: ALL, label: 'Everywhere' },
              ...placements.map((placement) => ({ value: placement, label: placement.replace(/_/g, ' ') })),
            ]}
          />
        </div>
        {ads === undefined ? (
          <Skeleton className="h-40 w-full" />
        ) : shown.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-8 text-center">
            <Megaphone aria-hidden="true" className="size-8 text-muted-foreground" />
            <p className="font-medium">{ads.length === 0 ? 'No ads yet' : 'No ads match these filters'}</p>
            <p className="max-w-sm text-muted-foreground text-sm">
              {ads.length > 0
                ? 'Choose another competitor, platform or media type.'
                : readOnly
                  ? null
                  : noCompetitors
                    ? 'Add a competitor first, then add the ads you see or import them from a CSV file.'
                    : 'Add the ads you see, or import them from a CSV file.'}
            </p>
          </div>
        ) : (
          <section className="grid gap-4 lg:grid-cols-2" aria-label="Ads">
            {shown.map((ad) => (
              <AdCard
                key={ad.id}
                ad={ad}
                competitorName={names.get(ad.competitorId) ?? 'Unknown competitor'}
                onEdit={readOnly ? undefined : () => setEditing(ad)}
              />
            ))}
          </section>
        )}
      </CardContent>
      {editing !== null && (
        <AdDialog
          ad={editing === 'new' ? null : editing}
          competitors={competitors}
          open
          onOpenChange={(open) => !open && setEditing(null)}
        />
      )}
      {importing && <AdCsvImportDialog brand={brand} competitors={competitors} open onOpenChange={setImporting} />}
    </Card>
  );
}
