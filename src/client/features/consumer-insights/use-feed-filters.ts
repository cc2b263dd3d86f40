import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'wouter';
import { cleanSearch, type FeedFilters, readFeedFilters, writeFeedFilters } from './feed-query-string.ts';
import { readBrandFilter, writeBrandFilter } from './insight-filters.ts';

export type FeedFilterChange = Partial<FeedFilters>;

/**
 * The feed's filters, read from and written to the address. A chosen filter is a new history entry,
 * so the back button returns to the filters before it. A search as it is typed is one entry: its
 * first change adds the entry and the rest replace it, until another filter is chosen or the search
 * is submitted with Enter. The brand filter is still remembered in local storage (SPEC §2), and
 * applies when the address names none.
 */
export function useFeedFilters() {
  const [params, setParams] = useSearchParams();
  const stored = readBrandFilter();
  const filters = useMemo(() => readFeedFilters(params, stored), [params, stored]);
  const searchEntryAdded = useRef(false);
  const current = useRef(filters);
  current.current = filters;

  const write = useCallback(
    (next: FeedFilters, replace: boolean) => {
      if (next.brand !== current.current.brand) writeBrandFilter(next.brand);
      setParams((previous) => writeFeedFilters(next, previous), { replace });
    },
    [setParams],
  );

  /** A filter chosen: a new history entry. */
  const choose = useCallback(
    (change: FeedFilterChange) => {
      searchEntryAdded.current = false;
      write({ ...current.current, ...change }, false);
    },
    [write],
  );

  /** The search box's text, as typed (debounced) or submitted. */
  const search = useCallback(
    (text: string, { submitted }: { submitted: boolean }) => {
      const q = cleanSearch(text);
      if (q !== current.current.q) {
        write({ ...current.current, q }, searchEntryAdded.current);
        searchEntryAdded.current = true;
      }
      if (submitted) searchEntryAdded.current = false;
    },
    [write],
  );

  /** Replaces every filter at once (Clear filters): a new history entry. */
  const replaceAll = useCallback(
    (next: FeedFilters) => {
      searchEntryAdded.current = false;
      write(next, false);
    },
    [write],
  );

  return { filters, choose, search, replaceAll };
}
