import { ArrowDownUp, Download } from 'lucide-react';
import { mentionSortLabels, mentionSorts, type TMentionSort } from '../../../shared/schemas/mention-feed.ts';
import { Button } from '../../components/ui/button.tsx';
import { formatNumber } from '../../lib/format.ts';
import { SelectField } from './feed-filter-fields.tsx';
import { type FeedFilters, mentionListParams } from './feed-query-string.ts';

/** "12,345 mentions"; "1 mention". */
export function mentionCountText(count: number): string {
  return `${formatNumber(count)} ${count === 1 ? 'mention' : 'mentions'}`;
}

/** The address of the CSV of every mention the filters choose, in the list's order. */
export function exportAddress(brandId: string, filters: FeedFilters): string {
  return `/api/consumer-insights/export.csv?${mentionListParams(brandId, filters)}`;
}

/**
 * Above the list: how many mentions match (the server's total, not the loaded pages), the order,
 * and the CSV export of the same mentions. The export is a plain download: the session cookie
 * goes with it.
 */
export function FeedToolbar({
  brandId,
  filters,
  total,
  onSort,
}: {
  brandId: string;
  filters: FeedFilters;
  /** undefined while the first page loads */
  total: number | undefined;
  onSort: (sort: TMentionSort) => void;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <p role="status" className="font-semibold text-lg tabular-nums">
        {total === undefined ? 'Counting mentions...' : mentionCountText(total)}
      </p>
      <div className="flex items-end gap-2">
        <div className="w-44">
          <SelectField
            id="mention-sort"
            label="Sort by"
            icon={<ArrowDownUp aria-hidden="true" className="size-3.5" />}
            value={filters.sort}
            choices={mentionSorts.map((sort) => ({ value: sort, label: mentionSortLabels[sort] }))}
            onChange={(value) => onSort(value as TMentionSort)}
          />
        </div>
        <Button asChild variant="outline">
          <a href={exportAddress(brandId, filters)} download>
            <Download aria-hidden="true" />
            Export CSV
          </a>
        </Button>
      </div>
    </div>
  );
}
