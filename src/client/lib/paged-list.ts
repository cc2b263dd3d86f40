import {
  type InfiniteData,
  keepPreviousData,
  type QueryClient,
  type QueryKey,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { type ApiPage, apiPage, urlFromQueryKey } from './api.ts';

/**
 * A list that answers one page at a time, as one TanStack infinite query: the first page loads with
 * the screen, "Load more" asks for the next one with the cursor the last page's `Link` header gave.
 * The query key is the list's address (urlFromQueryKey), so invalidating it as before reloads it.
 */
export type PagedData<Body> = InfiniteData<ApiPage<Body>, string | null>;

/** The address of a page: the list's address with the cursor (none for the first page). */
function pageUrl(queryKey: QueryKey, cursor: string | null, limit: number | undefined): string {
  const params: Record<string, string | number> = {};
  if (limit !== undefined) params.limit = limit;
  if (cursor) params.cursor = cursor;
  return urlFromQueryKey([...queryKey, params]);
}

export function usePagedList<Body, Item>(options: {
  queryKey: QueryKey;
  itemsOf: (body: Body) => Item[];
  /** page size; the server's default (50) when left out */
  limit?: number;
  enabled?: boolean;
  staleTime?: number;
  /** while the first page of a new key loads, keep showing the previous key's pages */
  keepPrevious?: boolean;
  refetchInterval?: (items: Item[] | undefined) => number | false;
}) {
  const { queryKey, itemsOf, limit } = options;
  const query = useInfiniteQuery<ApiPage<Body>, Error, PagedData<Body>, QueryKey, string | null>({
    queryKey,
    queryFn: ({ pageParam, signal }) => apiPage<Body>(pageUrl(queryKey, pageParam, limit), signal),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    ...(options.enabled === undefined ? {} : { enabled: options.enabled }),
    ...(options.staleTime === undefined ? {} : { staleTime: options.staleTime }),
    ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
    ...(options.refetchInterval
      ? {
          refetchInterval: (current) => options.refetchInterval?.(itemsOfPages(current.state.data, itemsOf)) ?? false,
        }
      : {}),
  });
  const pages = query.data?.pages;
  return {
    /** every item of the pages loaded so far, in the list's order */
    data: itemsOfPages(query.data, itemsOf),
    /** the first page's body, for what an object body carries beside its items */
    firstPage: pages?.[0]?.body,
    /** X-Total-Count: how many items the list holds in all */
    total: pages?.[0]?.total ?? undefined,
    error: query.error,
    isPending: query.isPending,
    isError: query.isError,
    isFetching: query.isFetching,
    refetch: query.refetch,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: query.fetchNextPage,
  };
}

export type PagedList<Item> = Pick<
  ReturnType<typeof usePagedList<unknown, Item>>,
  'data' | 'total' | 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'
>;

function itemsOfPages<Body, Item>(data: PagedData<Body> | undefined, itemsOf: (body: Body) => Item[]) {
  return data ? data.pages.flatMap((page) => itemsOf(page.body)) : undefined;
}

/** The items of a paged list's cached pages, or undefined when it is not loaded. */
export function cachedItems<Body, Item>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  itemsOf: (body: Body) => Item[],
): Item[] | undefined {
  return itemsOfPages(queryClient.getQueryData<PagedData<Body>>(queryKey), itemsOf);
}

/** Changes the cached body of every loaded page of a list, e.g. to show an item as read at once. */
export function updateCachedPages<Body>(queryClient: QueryClient, queryKey: QueryKey, update: (body: Body) => Body) {
  queryClient.setQueryData<PagedData<Body>>(queryKey, (current) =>
    current ? { ...current, pages: current.pages.map((page) => ({ ...page, body: update(page.body) })) } : current,
  );
}
