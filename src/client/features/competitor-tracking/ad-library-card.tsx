import { FileUp, Info, Plus } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import type { TBrand } from '../../../shared/schemas/brands.ts';
import {
  adPlatformLabels,
  adPlatforms,
  connectedAdPlatforms,
  type TAd,
  type TCompetitorWithCounts,
} from '../../../shared/schemas/competitors.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { AdCsvImportDialog } from './ad-csv-import-dialog.tsx';
import { AdDialog } from './ad-dialog.tsx';
import { AdLibraryFeed } from './library/ad-library-feed.tsx';

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

/**
 * The ad library of the brand's competitors: Add Ad, CSV import, and the library itself, searched,
 * filtered and read page by page (library/). `discoveryActions` is the slot for Auto-Discover
 * All, built with ad discovery. Read-only (the plan keeps what is stored as it is), the ads can be
 * searched, filtered, exported and deleted, not added or edited. `competitors` is undefined while
 * it loads.
 */
export function AdLibraryCard({
  brand,
  competitors,
  discoveryActions,
  readOnly = false,
}: {
  brand: TBrand;
  competitors: TCompetitorWithCounts[] | undefined;
  discoveryActions?: ReactNode;
  readOnly?: boolean;
}) {
  const [editing, setEditing] = useState<TAd | null | 'new'>(null);
  const [importing, setImporting] = useState(false);
  const competitorList = competitors ?? [];
  const names = useMemo(
    () =>
      new Map(
        (competitors ?? []).map((competitor) => [
          competitor.id,
          competitor.isOwnBrand ? `${competitor.name} (your brand)` : competitor.name,
        ]),
      ),
    [competitors],
  );
  const noCompetitors = competitorList.length === 0;

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
        <AdLibraryFeed
          brandId={brand.id}
          competitors={competitors}
          names={names}
          emptyHint={
            readOnly
              ? null
              : noCompetitors
                ? 'Add a competitor first, then add the ads you see or import them from a CSV file.'
                : 'Add the ads you see, or import them from a CSV file.'
          }
          onEdit={readOnly ? undefined : setEditing}
        />
      </CardContent>
      {editing !== null && (
        <AdDialog
          ad={editing === 'new' ? null : editing}
          competitors={competitorList}
          open
          onOpenChange={(open) => !open && setEditing(null)}
        />
      )}
      {importing && <AdCsvImportDialog brand={brand} competitors={competitorList} open onOpenChange={setImporting} />}
    </Card>
  );
}
