import { Inbox } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import type { TBrand } from '../../../shared/schemas/brands.ts';
import type { TInsight } from '../../../shared/schemas/insights.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/utils.ts';
import { LoadErrorAlert } from '../audits-shared/load-error-alert.tsx';
import { FeedFilterPanel } from './feed-filters.tsx';
import { clearedFilters, type FeedFilters } from './feed-query-string.ts';
import { FeedSummary } from './feed-summary.tsx';
import { FeedToolbar, mentionCountText } from './feed-toolbar.tsx';
import { InsightCard } from './insight-card.tsx';
import { MentionFeedList } from './mention-feed-list.tsx';
import { useMentionFeed, useMentionSummary, useSentimentCorrection } from './mention-feed-queries.ts';
import { useRelevanceChange } from './relevance-queries.ts';
import { useFeedFilters } from './use-feed-filters.ts';

export function EmptyList({ title, body, action }: { title: string; body: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-6 py-10 text-center">
      <Inbox aria-hidden="true" className="size-8 text-muted-foreground/60" />
      <p className="font-medium">{title}</p>
      <p className="max-w-sm text-muted-foreground text-sm">{body}</p>
      {action}
    </div>
  );
}

function MentionsHeading({
  brandName,
  stored,
  readOnly = false,
}: {
  brandName: string;
  stored?: number;
  readOnly?: boolean;
}) {
  return (
    <CardHeader>
      <CardTitle>
        <h2 id="mentions-heading" className="text-lg">
          Insights
        </h2>
      </CardTitle>
      <CardDescription>
        What people say about {brandName} and its competitors
        {stored === undefined ? '' : `: ${mentionCountText(stored)} stored in all`}.{' '}
        {readOnly
          ? 'Search and filter them.'
          : 'Search and filter them, and correct the sentiment of any the engine misread.'}
      </CardDescription>
    </CardHeader>
  );
}

/** A brand with nothing stored at all: what to do next, without filters that would filter nothing. */
export function NoMentionsYet({ brandName, readOnly }: { brandName: string; readOnly: boolean }) {
  return (
    <Card>
      <MentionsHeading brandName={brandName} readOnly={readOnly} />
      <CardContent>
        <EmptyList
          title="No consumer insights yet"
          body={
            readOnly
              ? `Nothing was collected about ${brandName}.`
              : `Add what a customer said about ${brandName} with the form above and its sentiment appears here.`
          }
        />
      </CardContent>
    </Card>
  );
}

/** When the filters change, the list's top comes back into view if the reader had scrolled past it. */
function useBackToTopOnChange(filters: FeedFilters, anchor: React.RefObject<HTMLElement | null>) {
  const key = JSON.stringify(filters);
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the filters (their key) change
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const node = anchor.current;
    if (node && node.getBoundingClientRect().top < 0) node.scrollIntoView({ block: 'start' });
  }, [key]);
}

/**
 * The brand's mentions at any volume (SPEC §2's filters and list): the filters live in the address,
 * the summary and the list come from the server one page at a time, and the list loads more as the
 * reader scrolls.
 */
export function MentionFeed({
  brand,
  stored,
  readOnly,
}: {
  brand: TBrand;
  /** every mention of the brand and its competitors, whatever the filters */
  stored: number | undefined;
  readOnly: boolean;
}) {
  const { filters, choose, search, replaceAll } = useFeedFilters();
  const feed = useMentionFeed(brand.id, filters);
  const summary = useMentionSummary(brand.id, filters);
  const relevance = useRelevanceChange(brand.name);
  const correction = useSentimentCorrection();
  const mentions = useMemo(() => feed.data?.pages.flatMap((page) => page.mentions) ?? [], [feed.data]);
  const total = feed.data?.pages[0]?.total;
  const listTop = useRef<HTMLDivElement>(null);
  useBackToTopOnChange(filters, listTop);
  const clear = () => replaceAll(clearedFilters());

  const renderCard = (mention: TInsight) => (
    <InsightCard
      insight={mention}
      brandName={brand.name}
      relevance={readOnly ? undefined : relevance}
      correction={readOnly ? undefined : correction}
    />
  );

  let list: ReactNode;
  if (feed.error && !feed.data) {
    list = <LoadErrorAlert error={feed.error} what="the mentions" onRetry={() => void feed.refetch()} />;
  } else if (!feed.data) {
    list = (
      <div className="space-y-3" aria-hidden="true">
        <Skeleton className="h-36 w-full rounded-xl" />
        <Skeleton className="h-36 w-full rounded-xl" />
      </div>
    );
  } else if (mentions.length === 0) {
    list = (
      <EmptyList
        title="No mentions match these filters"
        body={
          filters.brand === 'competitors' && !filters.q && !filters.sentiment && !filters.channel
            ? `Nothing about ${brand.name}'s competitors matches, or none is stored yet.`
            : 'Try another search or filter, or clear them to see every mention.'
        }
        action={
          <Button variant="outline" size="sm" className="mt-1" onClick={clear}>
            Clear filters
          </Button>
        }
      />
    );
  } else {
    list = (
      <MentionFeedList
        label="Consumer insights"
        mentions={mentions}
        total={total ?? mentions.length}
        hasNextPage={feed.hasNextPage}
        isFetchingNextPage={feed.isFetchingNextPage}
        fetchNextPage={() => void feed.fetchNextPage()}
        renderCard={renderCard}
      />
    );
  }

  return (
    <section aria-labelledby="mentions-heading" className="space-y-6">
      <Card>
        <MentionsHeading brandName={brand.name} stored={stored} readOnly={readOnly} />
        <CardContent>
          <FeedFilterPanel
            filters={filters}
            summary={summary.data}
            onChoose={choose}
            onSearch={search}
            onClear={clear}
          />
        </CardContent>
      </Card>
      <FeedSummary summary={summary.data} error={summary.error} brandName={brand.name} sentiment={filters.sentiment} />
      <Card>
        <CardContent className="space-y-4">
          <div ref={listTop} className="scroll-mt-20">
            <FeedToolbar brandId={brand.id} filters={filters} total={total} onSort={(sort) => choose({ sort })} />
          </div>
          <div
            aria-busy={feed.isFetching && !feed.isFetchingNextPage}
            className={cn('transition-opacity', feed.isPlaceholderData && 'opacity-60')}
          >
            {list}
          </div>
        </CardContent>
      </Card>
    </section>
  );
}
