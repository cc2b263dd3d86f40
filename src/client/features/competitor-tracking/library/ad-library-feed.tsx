import { Megaphone, X } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import type { TAd, TCompetitorWithCounts } from '../../../../shared/schemas/competitors.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { isUnauthorizedError } from '../../../lib/api.ts';
import { LoadErrorAlert } from '../../audits-shared/load-error-alert.tsx';
import { AdFeedList } from './ad-feed-list.tsx';
import { adExportUrl, useAdFeed, useAdSummary } from './ad-feed-queries.ts';
import { AdFilterBar } from './ad-filter-bar.tsx';
import { hasAdFilters, searchFromAdFilters } from './ad-filters.ts';
import { AdResultsBar } from './ad-results-bar.tsx';
import { useAdFilters } from './use-ad-filters.ts';

/** No ad at all (the library is empty), or none the filters match (with a way out). */
function EmptyLibrary({ filtered, hint, onClear }: { filtered: boolean; hint: string | null; onClear: () => void }) {
  return (
    <div className="flex flex-col items-center gap-2 py-8 text-center">
      <Megaphone aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="font-medium">{filtered ? 'No ads match these filters' : 'No ads yet'}</p>
      <p className="max-w-sm text-muted-foreground text-sm">
        {filtered ? 'Try other words or filters, or clear them to see every ad.' : hint}
      </p>
      {filtered && (
        <Button size="sm" variant="outline" className="mt-1" onClick={onClear}>
          <X aria-hidden="true" />
          Clear filters
        </Button>
      )}
    </div>
  );
}

/**
 * The library under the filters in the address: the filter bar, the count with the server's
 * figures and the export, and the list, page by page.
 */
export function AdLibraryFeed({
  brandId,
  competitors,
  names,
  emptyHint,
  onEdit,
}: {
  brandId: string;
  /** undefined while it loads */
  competitors: TCompetitorWithCounts[] | undefined;
  /** each competitor's name as the cards show it */
  names: Map<string, string>;
  /** what to do about an empty library */
  emptyHint: string | null;
  onEdit?: (ad: TAd) => void;
}) {
  const { filters: asked, apply, clear } = useAdFilters();
  // A filter naming a competitor that is gone (or another brand's) shows everything again (SPEC §4: selection clears).
  const filters =
    competitors && asked.competitorId && !names.has(asked.competitorId) ? { ...asked, competitorId: null } : asked;
  // The server refuses another brand's competitor: a chosen one waits for the brand's list.
  const ready = !filters.competitorId || competitors !== undefined;
  const feed = useAdFeed(brandId, filters, { enabled: ready });
  const summary = useAdSummary(brandId, filters, { enabled: ready });
  const ads = useMemo(() => feed.data?.pages.flatMap((page) => page.items) ?? [], [feed.data]);
  const total = feed.data?.pages[0]?.total;
  const { fetchNextPage } = feed;
  const loadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  const competitorOptions = (competitors ?? []).map((competitor) => ({
    value: competitor.id,
    label: names.get(competitor.id) ?? competitor.name,
  }));

  return (
    <>
      <AdFilterBar filters={filters} apply={apply} competitors={competitorOptions} summary={summary.data} />
      <AdResultsBar
        total={total}
        summary={summary.data}
        exportUrl={adExportUrl(brandId, filters)}
        busy={feed.isPlaceholderData}
      />
      {feed.error && !feed.data && !isUnauthorizedError(feed.error) ? (
        <LoadErrorAlert error={feed.error} what="the ads" onRetry={() => void feed.refetch()} />
      ) : total === undefined ? (
        <Skeleton className="h-40 w-full" />
      ) : total === 0 ? (
        <EmptyLibrary filtered={hasAdFilters(filters)} hint={emptyHint} onClear={clear} />
      ) : (
        <AdFeedList
          // new filters start at the top of their list
          key={searchFromAdFilters(filters).toString()}
          ads={ads}
          total={total}
          hasMore={feed.hasNextPage}
          loadingMore={feed.isFetchingNextPage}
          loadFailed={feed.isFetchNextPageError}
          loadMore={loadMore}
          competitorName={(ad) => names.get(ad.competitorId) ?? 'Unknown competitor'}
          onEdit={onEdit}
        />
      )}
    </>
  );
}
