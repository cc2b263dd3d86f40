import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { adFiltersFromSearch, noAdFilters, type TAdFilters, withAdFilters } from './ad-filters.ts';

/** How long typing pauses before the search is asked for. */
export const TYPING_PAUSE_MS = 300;

/**
 * The Ad Library's filters, kept in the address: a copied link shows the same ads, and the back
 * button returns to the filters before. Each change is a history entry; see useDraftFilter for
 * what is typed.
 */
export function useAdFilters() {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const filters = useMemo(() => adFiltersFromSearch(search), [search]);
  const apply = useCallback(
    (change: Partial<TAdFilters>, { replace = false }: { replace?: boolean } = {}) =>
      setParams((current) => withAdFilters(current, { ...adFiltersFromSearch(current), ...change }), { replace }),
    [setParams],
  );
  /** Every filter off; the chosen order stays. */
  const clear = useCallback(() => apply({ ...noAdFilters, sort: filters.sort }), [apply, filters.sort]);
  return { filters, apply, clear };
}

/**
 * A filter typed rather than picked (the search, the dates): its draft shows at once, the filter
 * follows after a pause in typing. The first change of a spell of typing is a history entry, the
 * rest replace it, so the back button skips the half-typed words. A change of the address from
 * elsewhere (back, clear) resets the draft.
 */
export function useDraftFilter(
  committed: string,
  commit: (value: string, options: { replace: boolean }) => void,
  normalise: (draft: string) => string | null = (draft) => draft.trim(),
) {
  const [draft, setDraft] = useState(committed);
  const lastCommitted = useRef(committed);
  const typing = useRef(false);
  // The latest callbacks, so that a re-render of the screen does not restart the pause.
  const latest = useRef({ commit, normalise });
  latest.current = { commit, normalise };

  useEffect(() => {
    if (committed === lastCommitted.current) return;
    lastCommitted.current = committed;
    typing.current = false;
    setDraft(committed);
  }, [committed]);

  const flush = useCallback((value: string) => {
    const wanted = latest.current.normalise(value);
    // null: not a value yet (a date half typed)
    if (wanted === null || wanted === lastCommitted.current) return;
    lastCommitted.current = wanted;
    latest.current.commit(wanted, { replace: typing.current });
    typing.current = true;
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => flush(draft), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft, flush]);

  /** Leaving the field (or pressing Enter) asks at once and ends the spell of typing. */
  const finish = useCallback(() => {
    flush(draft);
    typing.current = false;
  }, [draft, flush]);

  return { draft, setDraft, finish };
}
