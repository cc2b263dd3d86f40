import { LoaderCircle } from 'lucide-react';
import { Button } from './ui/button.tsx';

/**
 * Reaches the older items of a list that loads one page at a time; shown only while more remain.
 * With a total it says how many are shown of how many.
 */
export function LoadMoreButton({
  list,
  shown,
  label = 'Load more',
}: {
  list: {
    total: number | undefined;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => Promise<unknown>;
  };
  /** how many items are shown now; with the list's total it makes "Showing 50 of 130" */
  shown?: number;
  label?: string;
}) {
  if (!list.hasNextPage) return null;
  return (
    <div className="flex flex-col items-center gap-2 pt-2" data-testid="load-more">
      {shown !== undefined && list.total !== undefined && (
        <p className="text-muted-foreground text-xs" aria-live="polite">
          Showing {shown} of {list.total}
        </p>
      )}
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={list.isFetchingNextPage}
        onClick={() => void list.fetchNextPage()}
      >
        {list.isFetchingNextPage && <LoaderCircle aria-hidden="true" className="animate-spin" />}
        {list.isFetchingNextPage ? 'Loading...' : label}
      </Button>
    </div>
  );
}
