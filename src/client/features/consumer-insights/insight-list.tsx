import { Inbox, ListFilter } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import type { TInsight } from '../../../shared/schemas/insights.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/utils.ts';
import { InsightCard } from './insight-card.tsx';
import {
  type BrandFilter,
  brandFilterLabels,
  brandFilters,
  filterInsights,
  readBrandFilter,
  type SentimentCounts,
  type SentimentFilter,
  sentimentFilters,
  writeBrandFilter,
} from './insight-filters.ts';
import { sentimentLabels } from './insight-format.ts';
import { useRelevanceChange } from './relevance-queries.ts';

const sentimentDotClass: Record<SentimentFilter, string> = {
  all: 'bg-primary',
  positive: 'bg-success',
  negative: 'bg-destructive',
  neutral: 'bg-muted-foreground/50',
};

function SentimentFilterButtons({
  value,
  counts,
  onChange,
}: {
  value: SentimentFilter;
  counts: SentimentCounts;
  onChange: (value: SentimentFilter) => void;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">Filter by sentiment</legend>
      <div className="grid grid-cols-4 gap-1 rounded-lg bg-muted p-1">
        {sentimentFilters.map((filter) => {
          const selected = filter === value;
          return (
            <button
              key={filter}
              type="button"
              aria-pressed={selected}
              onClick={() => onChange(filter)}
              className={cn(
                'flex min-w-0 flex-col items-center gap-0.5 rounded-md px-1.5 py-1.5 text-xs outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:flex-row sm:justify-center sm:gap-1.5 sm:px-3 sm:text-sm',
                selected ? 'bg-background font-medium shadow-sm' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              <span className="flex items-center gap-1.5">
                <span aria-hidden="true" className={cn('size-2 rounded-full', sentimentDotClass[filter])} />
                {filter === 'all' ? 'All' : sentimentLabels[filter]}
              </span>
              <span className="font-semibold tabular-nums">{counts[filter]}</span>
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

function EmptyList({ title, body, action }: { title: string; body: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-6 py-10 text-center">
      <Inbox aria-hidden="true" className="size-8 text-muted-foreground/60" />
      <p className="font-medium">{title}</p>
      <p className="max-w-sm text-muted-foreground text-sm">{body}</p>
      {action}
    </div>
  );
}

function storedLine(insights: TInsight[], brandName: string): string {
  const noun = insights.length === 1 ? 'insight' : 'insights';
  const aboutCompetitors = insights.some((insight) => insight.competitorId !== null);
  return `${insights.length} ${noun} stored for ${brandName}${aboutCompetitors ? ' and its competitors' : ''}, newest first`;
}

/** The brand's insights with the brand and sentiment filters (SPEC §2); the brand filter is remembered. */
export function InsightList({
  insights,
  brandName,
  readOnly = false,
}: {
  insights: TInsight[] | undefined;
  brandName: string;
  /** the plan keeps the list as it is: nothing can be added from this screen */
  readOnly?: boolean;
}) {
  const [brandFilter, setBrandFilter] = useState<BrandFilter>(readBrandFilter);
  const [sentiment, setSentiment] = useState<SentimentFilter>('all');
  const relevance = useRelevanceChange(brandName);
  const { shown, counts } = filterInsights(insights ?? [], { brand: brandFilter, sentiment });
  const filtered = brandFilter !== 'my-brand' || sentiment !== 'all';

  const chooseBrandFilter = (value: string) => {
    const next = value as BrandFilter;
    setBrandFilter(next);
    writeBrandFilter(next);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Insights</h2>
        </CardTitle>
        <CardDescription>
          {insights === undefined ? `Loading what people say about ${brandName}...` : storedLine(insights, brandName)}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-col gap-3 md:flex-row md:items-end">
          <div className="space-y-2 md:w-48">
            <Label htmlFor="insight-brand-filter" className="text-muted-foreground text-xs">
              <ListFilter aria-hidden="true" className="size-3.5" />
              Show insights about
            </Label>
            <Select value={brandFilter} onValueChange={chooseBrandFilter}>
              <SelectTrigger id="insight-brand-filter" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {brandFilters.map((filter) => (
                  <SelectItem key={filter} value={filter}>
                    {brandFilterLabels[filter]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="min-w-0 flex-1 md:max-w-xl">
            <SentimentFilterButtons value={sentiment} counts={counts} onChange={setSentiment} />
          </div>
        </div>

        {insights === undefined ? (
          <div className="space-y-3" aria-hidden="true">
            <Skeleton className="h-36 w-full rounded-xl" />
            <Skeleton className="h-36 w-full rounded-xl" />
          </div>
        ) : insights.length === 0 ? (
          <EmptyList
            title="No consumer insights yet"
            body={
              readOnly
                ? `Nothing was collected about ${brandName}.`
                : `Add what a customer said about ${brandName} with the form above and its sentiment appears here.`
            }
          />
        ) : shown.length === 0 ? (
          <EmptyList
            title="No insights match these filters"
            body={
              brandFilter === 'competitors' && counts.all === 0
                ? `No insights about ${brandName}'s competitors are stored yet.`
                : 'Try another sentiment, or show insights about everyone.'
            }
            action={
              filtered && (
                <Button
                  variant="outline"
                  size="sm"
                  className="mt-1"
                  onClick={() => {
                    chooseBrandFilter('all');
                    setSentiment('all');
                  }}
                >
                  Show all insights
                </Button>
              )
            }
          />
        ) : (
          <ul aria-label="Consumer insights" className="space-y-3">
            {shown.map((insight) => (
              <li key={insight.id}>
                <InsightCard insight={insight} brandName={brandName} relevance={readOnly ? undefined : relevance} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
