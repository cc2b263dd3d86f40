import { SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { adSortLabels, adSorts, type TAdFeedSummary } from '../../../../shared/schemas/ad-feed.ts';
import {
  adPlatformLabels,
  adPlatforms,
  metaMediaTypeLabels,
  metaMediaTypes,
  placementLabel,
} from '../../../../shared/schemas/competitors.ts';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/utils.ts';
import { DEFAULT_AD_SORT, searchFromAdFilters, type TAdFilters } from './ad-filters.ts';
import { type ApplyFilters, DateFilter, type FilterOption, FilterSelect, SearchBox } from './filter-controls.tsx';

/** How many filters (the order included) differ from the library as it opens. */
const filtersSet = (filters: TAdFilters) => searchFromAdFilters(filters).size - (filters.q.trim() ? 1 : 0);

/**
 * The Ad Library's search and filters. Picking is a history entry; typing (search, dates) asks
 * after a pause. The Meta placements offered are those the filtered ads ran on. On a phone the
 * filters fold under a Filters button, open from the start when a link sets some.
 */
export function AdFilterBar({
  filters,
  apply,
  competitors,
  summary,
}: {
  filters: TAdFilters;
  apply: ApplyFilters;
  competitors: FilterOption[];
  summary: TAdFeedSummary | undefined;
}) {
  const panelId = useId();
  const set = filtersSet(filters);
  const [open, setOpen] = useState(() => set > 0);
  const placements = [
    ...new Set([
      ...(summary?.byPublisherPlatform ?? []).map((entry) => entry.publisherPlatform),
      ...(filters.publisherPlatform ? [filters.publisherPlatform] : []),
    ]),
  ];
  return (
    <div className="space-y-3">
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <SearchBox value={filters.q} apply={apply} />
        </div>
        <Button
          variant="outline"
          className="sm:hidden"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          <SlidersHorizontal aria-hidden="true" />
          Filters{set > 0 && ` (${set})`}
        </Button>
      </div>
      <div id={panelId} className={cn('grid-cols-1 gap-3 sm:flex sm:flex-wrap', open ? 'grid' : 'hidden')}>
        <FilterSelect
          id="ad-filter-competitor"
          label="Competitor"
          allLabel="All competitors"
          value={filters.competitorId}
          options={competitors}
          onChange={(competitorId) => apply({ competitorId })}
        />
        <FilterSelect
          id="ad-filter-platform"
          label="Platform"
          allLabel="All platforms"
          value={filters.platform}
          options={adPlatforms.map((platform) => ({ value: platform, label: adPlatformLabels[platform] }))}
          onChange={(platform) => apply({ platform: platform as TAdFilters['platform'] })}
        />
        <FilterSelect
          id="ad-filter-status"
          label="Status"
          allLabel="Any status"
          value={filters.status}
          options={[
            { value: 'running', label: 'Running' },
            { value: 'stopped', label: 'Stopped' },
          ]}
          onChange={(status) => apply({ status: status as TAdFilters['status'] })}
        />
        <FilterSelect
          id="ad-filter-media"
          label="Media type (Meta)"
          allLabel="All media types"
          value={filters.mediaType}
          options={metaMediaTypes.map((mediaType) => ({ value: mediaType, label: metaMediaTypeLabels[mediaType] }))}
          onChange={(mediaType) => apply({ mediaType: mediaType as TAdFilters['mediaType'] })}
        />
        <FilterSelect
          id="ad-filter-placement"
          label="Shown on (Meta)"
          allLabel="Everywhere"
          value={filters.publisherPlatform}
          options={placements.map((placement) => ({ value: placement, label: placementLabel(placement) }))}
          onChange={(publisherPlatform) => apply({ publisherPlatform })}
        />
        <DateFilter
          id="ad-filter-from"
          label="Ran from"
          value={filters.from}
          bounds={{ max: filters.to ?? undefined }}
          onCommit={(from, options) => apply({ from }, options)}
        />
        <DateFilter
          id="ad-filter-to"
          label="Ran until"
          value={filters.to}
          bounds={{ min: filters.from ?? undefined }}
          onCommit={(to, options) => apply({ to }, options)}
        />
        <FilterSelect
          id="ad-sort"
          label="Sort by"
          value={filters.sort}
          options={adSorts.map((sort) => ({ value: sort, label: adSortLabels[sort] }))}
          onChange={(sort) => apply({ sort: (sort ?? DEFAULT_AD_SORT) as TAdFilters['sort'] })}
        />
      </div>
    </div>
  );
}
