import { useVirtualizer } from '@tanstack/react-virtual';
import { LoaderCircle, RotateCcw } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import type { TAd } from '../../../../shared/schemas/competitors.ts';
import { Button } from '../../../components/ui/button.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { cn } from '../../../lib/utils.ts';
import { AdCard } from '../ad-card.tsx';
import { useAdAnchor } from './use-ad-anchor.ts';

/** The list's width from which cards sit two to a row (the card grid of a wide screen). */
const TWO_COLUMNS_FROM_PX = 640;
const ROW_GAP_PX = 16;
/** A typical card's height, until the card itself is measured. */
const ESTIMATED_ROW_PX = 300;

/** One or two cards to a row, by the width the list has. */
function useColumns(element: HTMLElement | null): number {
  const [columns, setColumns] = useState(1);
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      const width = entry?.contentRect.width ?? element.clientWidth;
      setColumns(width >= TWO_COLUMNS_FROM_PX ? 2 : 1);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return columns;
}

function rowsOf<T>(items: T[], columns: number): T[][] {
  const rows: T[][] = [];
  for (let start = 0; start < items.length; start += columns) rows.push(items.slice(start, start + columns));
  return rows;
}

/** Below the cards while more remain: how many are loaded, the next page coming, or its failure. */
function LoadMoreStatus({
  loaded,
  total,
  state,
  retry,
}: {
  loaded: number;
  total: number;
  state: 'idle' | 'loading' | 'failed';
  retry: () => void;
}) {
  return (
    <div className="flex items-center justify-center gap-2 py-4 text-muted-foreground text-sm">
      <p role="status" className="flex items-center gap-2">
        {state === 'loading' && <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-primary" />}
        {state === 'loading'
          ? 'Loading more ads…'
          : state === 'failed'
            ? "We couldn't load more ads."
            : `${formatNumber(loaded)} of ${formatNumber(total)} ads loaded`}
      </p>
      {state === 'failed' && (
        <Button size="sm" variant="outline" onClick={retry}>
          <RotateCcw aria-hidden="true" />
          Try again
        </Button>
      )}
    </div>
  );
}

/**
 * The loaded ads as a scrolling list that draws only the cards in view (and a few around them),
 * however many there are: rows of the card grid, each measured as drawn. Nearing the end asks
 * for the next page. Screen readers hear each card's place in the whole library.
 */
export function AdFeedList({
  ads,
  total,
  hasMore,
  loadingMore,
  loadFailed,
  loadMore,
  competitorName,
  onEdit,
}: {
  ads: TAd[];
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  /** the last page asked for did not come: asked again only with Try again */
  loadFailed: boolean;
  loadMore: () => void;
  competitorName: (ad: TAd) => string;
  onEdit?: (ad: TAd) => void;
}) {
  const [scrollElement, setScrollElement] = useState<HTMLElement | null>(null);
  const columns = useColumns(scrollElement);
  const rows = useMemo(() => rowsOf(ads, columns), [ads, columns]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: 3,
    gap: ROW_GAP_PX,
    // a row is known by its first ad and the row width, so measured heights follow the ads
    getItemKey: (index) => `${columns}:${rows[index]?.[0]?.id ?? index}`,
  });
  const drawn = virtualizer.getVirtualItems();
  const lastDrawn = drawn.at(-1)?.index ?? -1;

  useEffect(() => {
    if (lastDrawn >= rows.length - 1 && hasMore && !loadingMore && !loadFailed) loadMore();
  }, [lastDrawn, rows.length, hasMore, loadingMore, loadFailed, loadMore]);

  useAdAnchor({
    ads,
    hasMore,
    loadingMore,
    loadFailed,
    loadMore,
    scrollToAd: (index) => virtualizer.scrollToIndex(Math.floor(index / columns), { align: 'start' }),
  });

  return (
    <section
      ref={setScrollElement}
      aria-label="Ads"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls on its own, so the keyboard must be able to focus it to scroll
      tabIndex={0}
      className="max-h-[min(75vh,56rem)] overflow-y-auto overscroll-contain rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      {/* biome-ignore lint/a11y/useSemanticElements: the cards sit in rows of the grid, which a <ul> cannot hold */}
      <div role="list" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {drawn.map((row) => (
          <div
            key={row.key}
            ref={virtualizer.measureElement}
            data-index={row.index}
            className={cn('absolute top-0 left-0 grid w-full gap-4', columns === 2 && 'grid-cols-2')}
            style={{ transform: `translateY(${row.start}px)` }}
          >
            {rows[row.index]?.map((ad, column) => (
              // biome-ignore lint/a11y/useSemanticElements: an item of the list above, inside its row
              <div
                key={ad.id}
                role="listitem"
                aria-posinset={row.index * columns + column + 1}
                aria-setsize={total}
                className="flex min-w-0 flex-col [&>article]:flex-1"
              >
                <AdCard ad={ad} competitorName={competitorName(ad)} onEdit={onEdit && (() => onEdit(ad))} />
              </div>
            ))}
          </div>
        ))}
      </div>
      {hasMore && (
        <LoadMoreStatus
          loaded={ads.length}
          total={total}
          state={loadFailed ? 'failed' : loadingMore ? 'loading' : 'idle'}
          retry={loadMore}
        />
      )}
    </section>
  );
}
