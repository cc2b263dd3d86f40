import { ListFilter, X } from 'lucide-react';
import { insightChannelLabels, mentionChannels, type TSentimentLabel } from '../../../shared/schemas/insights.ts';
import type { TMentionSummary } from '../../../shared/schemas/mention-feed.ts';
import { Button } from '../../components/ui/button.tsx';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { cn } from '../../lib/utils.ts';
import { ANY, type Choice, DateField, SelectField } from './feed-filter-fields.tsx';
import { type FeedFilters, isFiltered } from './feed-query-string.ts';
import { FeedSearchBox } from './feed-search-box.tsx';
import {
  type BrandFilter,
  brandFilterLabels,
  brandFilters,
  type SentimentFilter,
  sentimentFilters,
} from './insight-filters.ts';
import { sentimentLabels } from './insight-format.ts';
import type { FeedFilterChange } from './use-feed-filters.ts';

const sentimentDotClass: Record<SentimentFilter, string> = {
  all: 'bg-primary',
  positive: 'bg-success',
  negative: 'bg-destructive',
  neutral: 'bg-muted-foreground/50',
};

/** The sentiment chips, each with its count for the other filters (from the summary). */
function SentimentChips({
  value,
  counts,
  onChange,
}: {
  value: TSentimentLabel | null;
  counts: TMentionSummary['bySentiment'] | undefined;
  onChange: (value: TSentimentLabel | null) => void;
}) {
  const countOf = (filter: SentimentFilter) => {
    if (!counts) return null;
    return filter === 'all' ? counts.positive + counts.negative + counts.neutral : counts[filter];
  };
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">Filter by sentiment</legend>
      <div className="grid grid-cols-4 gap-1 rounded-lg bg-muted p-1">
        {sentimentFilters.map((filter) => {
          const selected = filter === (value ?? 'all');
          const count = countOf(filter);
          return (
            <button
              key={filter}
              type="button"
              aria-pressed={selected}
              onClick={() => onChange(filter === 'all' ? null : filter)}
              className={cn(
                'flex min-w-0 flex-col items-center gap-0.5 rounded-md px-1.5 py-1.5 text-xs outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:flex-row sm:justify-center sm:gap-1.5 sm:px-3 sm:text-sm',
                selected ? 'bg-background font-medium shadow-sm' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              <span className="flex items-center gap-1.5">
                <span aria-hidden="true" className={cn('size-2 rounded-full', sentimentDotClass[filter])} />
                {filter === 'all' ? 'All' : sentimentLabels[filter]}
              </span>
              {count !== null && <span className="font-semibold tabular-nums">{formatNumber(count)}</span>}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

type ActiveFilter = { key: string; label: string; remove: FeedFilterChange };

/** The filters in force other than the sentiment (its chips say it), each removable on its own. */
function activeFilters(filters: FeedFilters, competitorName: (id: string) => string): ActiveFilter[] {
  const active: ActiveFilter[] = [];
  if (filters.q) active.push({ key: 'q', label: `Search: “${filters.q}”`, remove: { q: '' } });
  if (filters.brand !== 'all')
    active.push({
      key: 'about',
      label: brandFilterLabels[filters.brand],
      remove: { brand: 'all', competitorId: null },
    });
  if (filters.competitorId)
    active.push({ key: 'competitor', label: competitorName(filters.competitorId), remove: { competitorId: null } });
  if (filters.channel)
    active.push({ key: 'channel', label: insightChannelLabels[filters.channel], remove: { channel: null } });
  if (filters.from) active.push({ key: 'from', label: `From ${formatDate(filters.from)}`, remove: { from: null } });
  if (filters.to) active.push({ key: 'to', label: `To ${formatDate(filters.to)}`, remove: { to: null } });
  if (filters.rated)
    active.push({
      key: 'rated',
      label: filters.rated === 'true' ? 'Star rated' : 'Not star rated',
      remove: { rated: null },
    });
  return active;
}

const channelChoices: Choice[] = [
  { value: ANY, label: 'All channels' },
  ...mentionChannels.map((channel) => ({ value: channel, label: insightChannelLabels[channel] })),
];
const ratedChoices: Choice[] = [
  { value: ANY, label: 'Any' },
  { value: 'true', label: 'With a star rating' },
  { value: 'false', label: 'Without a star rating' },
];

/**
 * The feed's filters: the search, whose mentions (SPEC's brand filter), one competitor, the
 * channel, the period, star ratings and the sentiment, with the filters in force as chips.
 */
export function FeedFilterPanel({
  filters,
  summary,
  onChoose,
  onSearch,
  onClear,
}: {
  filters: FeedFilters;
  summary: TMentionSummary | undefined;
  onChoose: (change: FeedFilterChange) => void;
  onSearch: (text: string, how: { submitted: boolean }) => void;
  onClear: () => void;
}) {
  const competitors = (summary?.shareOfVoice ?? []).filter((entry) => entry.competitorId !== null);
  const competitorName = (id: string) =>
    competitors.find((entry) => entry.competitorId === id)?.name ?? 'One competitor';
  const competitorChoices: Choice[] = [
    { value: ANY, label: 'Any' },
    ...competitors.map((entry) => ({ value: entry.competitorId ?? '', label: entry.name })),
  ];
  if (filters.competitorId && !competitors.some((entry) => entry.competitorId === filters.competitorId)) {
    competitorChoices.push({ value: filters.competitorId, label: 'One competitor' });
  }
  const showCompetitor = filters.brand !== 'my-brand' && competitorChoices.length > 1;
  const active = activeFilters(filters, competitorName);

  return (
    <div className="space-y-4">
      <FeedSearchBox value={filters.q} onSearch={onSearch} />
      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <div className="md:w-48 md:shrink-0">
          <SelectField
            id="insight-brand-filter"
            label="Show insights about"
            icon={<ListFilter aria-hidden="true" className="size-3.5" />}
            value={filters.brand}
            choices={brandFilters.map((filter) => ({ value: filter, label: brandFilterLabels[filter] }))}
            onChange={(value) =>
              onChoose({
                brand: value as BrandFilter,
                competitorId: value === 'my-brand' ? null : filters.competitorId,
              })
            }
          />
        </div>
        <div className="min-w-0 flex-1">
          <SentimentChips
            value={filters.sentiment}
            counts={summary?.bySentiment}
            onChange={(sentiment) => onChoose({ sentiment })}
          />
        </div>
      </div>
      <div className={cn('grid grid-cols-2 gap-3', showCompetitor ? 'lg:grid-cols-5' : 'lg:grid-cols-4')}>
        {showCompetitor && (
          <SelectField
            id="mention-competitor"
            label="Competitor"
            value={filters.competitorId ?? ANY}
            choices={competitorChoices}
            onChange={(value) => onChoose({ competitorId: value === ANY ? null : value })}
          />
        )}
        <SelectField
          id="mention-channel"
          label="Channel"
          value={filters.channel ?? ANY}
          choices={channelChoices}
          onChange={(value) => onChoose({ channel: value === ANY ? null : (value as FeedFilters['channel']) })}
        />
        <SelectField
          id="mention-rated"
          label="Star rating"
          value={filters.rated ?? ANY}
          choices={ratedChoices}
          onChange={(value) => onChoose({ rated: value === ANY ? null : (value as FeedFilters['rated']) })}
        />
        <DateField
          id="mention-from"
          label="From"
          value={filters.from}
          max={filters.to}
          onChange={(from) => onChoose({ from })}
        />
        <DateField
          id="mention-to"
          label="To"
          value={filters.to}
          min={filters.from}
          onChange={(to) => onChoose({ to })}
        />
      </div>
      {isFiltered(filters) && (
        <div className="flex flex-wrap items-center gap-2">
          <ul aria-label="Filters in force" className="flex flex-wrap items-center gap-2">
            {active.map((filter) => (
              <li key={filter.key}>
                <span className="inline-flex items-center gap-1 rounded-full border bg-secondary py-0.5 pr-1 pl-3 text-secondary-foreground text-xs">
                  {filter.label}
                  <button
                    type="button"
                    aria-label={`Remove filter: ${filter.label}`}
                    onClick={() => onChoose(filter.remove)}
                    className="rounded-full p-0.5 text-muted-foreground outline-none hover:bg-background hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    <X aria-hidden="true" className="size-3.5" />
                  </button>
                </span>
              </li>
            ))}
          </ul>
          <Button variant="ghost" size="sm" className="h-7 text-xs" onClick={onClear}>
            Clear filters
          </Button>
        </div>
      )}
    </div>
  );
}
