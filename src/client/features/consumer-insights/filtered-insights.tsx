import { ChevronDown, EyeOff } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { formatNumber } from '../../lib/format.ts';
import { cn } from '../../lib/utils.ts';
import { clearedFilters } from './feed-query-string.ts';
import { InsightCard } from './insight-card.tsx';
import { MentionFeedList } from './mention-feed-list.tsx';
import { useMentionFeed, useSentimentCorrection } from './mention-feed-queries.ts';
import { useRelevanceChange } from './relevance-queries.ts';

const everyMention = clearedFilters();

/**
 * The mentions filtered as not about the brand (or the competitor they were collected for): kept,
 * out of every count and report, each with why and a Restore button. Shown only when there are some;
 * they load a page at a time, as the main list does.
 */
export function FilteredInsights({
  brandId,
  brandName,
  readOnly = false,
}: {
  brandId: string;
  brandName: string;
  readOnly?: boolean;
}) {
  const filtered = useMentionFeed(brandId, everyMention, { relevance: 'filtered' });
  const [open, setOpen] = useState(false);
  const relevance = useRelevanceChange(brandName);
  const correction = useSentimentCorrection();
  const items = useMemo(() => filtered.data?.pages.flatMap((page) => page.mentions) ?? [], [filtered.data]);
  if (filtered.isPending) return <Skeleton className="h-20 w-full rounded-xl" />;
  const count = filtered.data?.pages[0]?.total ?? items.length;
  if (count === 0 || items.length === 0) return null;
  const noun = count === 1 ? 'mention' : 'mentions';
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg">
            <EyeOff aria-hidden="true" className="size-4 text-muted-foreground" />
            Filtered as not about {brandName}
          </h2>
        </CardTitle>
        <CardDescription>
          {formatNumber(count)} {noun} that {count === 1 ? 'does' : 'do'} not name {brandName} (or the competitor
          {count === 1 ? ' it was' : ' they were'} collected for), or that you marked as not about it. They are left out
          of counts, sentiment reports, PDFs and e-mails. Restore any that are about it.
        </CardDescription>
        <CardAction>
          <Button variant="outline" size="sm" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
            {open ? 'Hide' : `Show ${formatNumber(count)}`}
            <ChevronDown aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
          </Button>
        </CardAction>
      </CardHeader>
      {open && (
        <CardContent>
          <MentionFeedList
            label="Filtered as not about the brand"
            mentions={items}
            total={count}
            hasNextPage={filtered.hasNextPage}
            isFetchingNextPage={filtered.isFetchingNextPage}
            fetchNextPage={() => void filtered.fetchNextPage()}
            renderCard={(insight) => (
              <InsightCard
                insight={insight}
                brandName={brandName}
                relevance={readOnly ? undefined : relevance}
                correction={readOnly ? undefined : correction}
              />
            )}
          />
        </CardContent>
      )}
    </Card>
  );
}
