import { ChevronDown, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/utils.ts';
import { InsightCard } from './insight-card.tsx';
import { useFilteredInsights, useRelevanceChange } from './relevance-queries.ts';

/**
 * The mentions filtered as not about the brand (or the competitor they were collected for): kept,
 * out of every count and report, each with why and a Restore button. Shown only when there are some.
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
  const filtered = useFilteredInsights(brandId);
  const [open, setOpen] = useState(false);
  const relevance = useRelevanceChange(brandName);
  const items = filtered.data ?? [];
  if (filtered.isPending) return <Skeleton className="h-20 w-full rounded-xl" />;
  if (items.length === 0) return null;
  const noun = items.length === 1 ? 'mention' : 'mentions';
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
          {items.length} {noun} that {items.length === 1 ? 'does' : 'do'} not name {brandName} (or the competitor
          {items.length === 1 ? ' it was' : ' they were'} collected for), or that you marked as not about it. They are
          left out of counts, sentiment reports, PDFs and e-mails. Restore any that are about it.
        </CardDescription>
        <CardAction>
          <Button variant="outline" size="sm" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
            {open ? 'Hide' : `Show ${items.length}`}
            <ChevronDown aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
          </Button>
        </CardAction>
      </CardHeader>
      {open && (
        <CardContent>
          <ul aria-label="Filtered as not about the brand" className="space-y-3">
            {items.map((insight) => (
              <li key={insight.id}>
                <InsightCard insight={insight} brandName={brandName} relevance={readOnly ? undefined : relevance} />
              </li>
            ))}
          </ul>
        </CardContent>
      )}
    </Card>
  );
}
