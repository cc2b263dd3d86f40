import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { LoaderCircle } from 'lucide-react';
import {
  type Key,
  type ReactNode,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type { TInsight } from '../../../shared/schemas/insights.ts';
import { DEFAULT_PAGE_SIZE } from '../../../shared/schemas/paging.ts';
import { Button } from '../../components/ui/button.tsx';
import { formatNumber } from '../../lib/format.ts';

/** A card's height before it is measured; cards differ (long texts, terms), so each is measured. */
const ESTIMATED_CARD_HEIGHT = 200;
/** The space between cards: the virtualiser's gap and the flow list's gap-3. */
const CARD_GAP = 12;
/** Up to one page, the list is drawn whole. */
const DRAWN_WHOLE_UP_TO = DEFAULT_PAGE_SIZE;
/**
 * The cards the list's first frame draws (more than a tall screen shows); the rest of the first
 * page follows in the next, so the first cards show without waiting for fifty to be laid out.
 */
const FIRST_FRAME_CARDS = 6;
/** Cards kept rendered beyond the screen, above and below. */
const OVERSCAN = 4;
/** The next page is asked for this many cards before the end of the loaded ones. */
const PREFETCH_FROM_END = 8;

/** Where the list starts on the page, kept up to date as what is above it grows or shrinks. */
function useOffsetOnPage(element: React.RefObject<HTMLElement | null>): number {
  const [offset, setOffset] = useState(0);
  const measure = useCallback(() => {
    const node = element.current;
    if (!node) return;
    const top = Math.round(node.getBoundingClientRect().top + window.scrollY);
    setOffset((known) => (known === top ? known : top));
  }, [element]);
  // Once drawn, and whenever the page's size changes (a chart or a card above loads): not on every
  // render, as reading the layout while scrolling would make the browser lay the page out each time.
  useLayoutEffect(() => {
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [measure]);
  return offset;
}

/** True until the frame after the one in which the list first had cards: then the rest is drawn, as a transition. */
function useFirstFrame(hasCards: boolean): boolean {
  const [firstFrame, setFirstFrame] = useState(true);
  useEffect(() => {
    if (hasCards && firstFrame) startTransition(() => setFirstFrame(false));
  }, [hasCards, firstFrame]);
  return firstFrame;
}

/**
 * The loaded mentions as one list on the page (window virtualisation): only the cards on screen and
 * a few either side are rendered, each measured, so thousands of loaded cards scroll smoothly. The
 * next page loads as the end comes into view; the button does the same for keyboards and screen
 * readers. Each item says its place in the whole (aria-posinset of aria-setsize).
 */
export function MentionFeedList({
  label,
  mentions,
  total,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  renderCard,
}: {
  label: string;
  mentions: TInsight[];
  /** every mention matching, loaded or not */
  total: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  renderCard: (mention: TInsight) => ReactNode;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const scrollMargin = useOffsetOnPage(listRef);
  const virtualizer = useWindowVirtualizer({
    count: mentions.length,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    overscan: OVERSCAN,
    gap: CARD_GAP,
    scrollMargin,
    getItemKey: (index) => mentions[index]?.id ?? index,
    // React 19 warns about flushSync during rendering; a frame's delay is not visible here.
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const lastShown = items.at(-1)?.index ?? -1;
  // One page is drawn whole, in the page's flow (find in page, no empty space below); from the
  // second page on, only the cards near the window. Cards drawn whole are measured all the same, so
  // the switch keeps every card where it was.
  const virtual = mentions.length > DRAWN_WHOLE_UP_TO;
  const firstFrame = useFirstFrame(mentions.length > 0);
  const drawnWhole = firstFrame ? mentions.slice(0, FIRST_FRAME_CARDS) : mentions;
  const shown: { key: Key; index: number; start: number }[] = virtual
    ? items
    : drawnWhole.map((mention, index) => ({ key: mention.id, index, start: 0 }));

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastShown >= mentions.length - PREFETCH_FROM_END) fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, lastShown, mentions.length, fetchNextPage]);

  return (
    <div className="space-y-4">
      <ul
        ref={listRef}
        aria-label={label}
        className={virtual ? 'relative' : 'flex flex-col gap-3'}
        style={virtual ? { height: virtualizer.getTotalSize() } : undefined}
      >
        {shown.map((item) => {
          const mention = mentions[item.index];
          if (!mention) return null;
          return (
            <li
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              aria-setsize={Math.max(total, mentions.length)}
              aria-posinset={item.index + 1}
              className={virtual ? 'absolute top-0 left-0 w-full' : undefined}
              style={virtual ? { transform: `translateY(${item.start - scrollMargin}px)` } : undefined}
            >
              {renderCard(mention)}
            </li>
          );
        })}
      </ul>
      {hasNextPage ? (
        <div className="flex flex-col items-center gap-1">
          <Button variant="outline" onClick={fetchNextPage} disabled={isFetchingNextPage}>
            {isFetchingNextPage && <LoaderCircle aria-hidden="true" className="animate-spin" />}
            {isFetchingNextPage ? 'Loading more mentions...' : 'Load more mentions'}
          </Button>
          <p className="text-muted-foreground text-xs tabular-nums">
            {formatNumber(mentions.length)} of {formatNumber(Math.max(total, mentions.length))} shown
          </p>
        </div>
      ) : (
        mentions.length > 10 && (
          <p className="text-center text-muted-foreground text-xs">
            All {formatNumber(mentions.length)} mentions shown
          </p>
        )
      )}
    </div>
  );
}
