import { ExternalLink, FileUp, Globe, Rss, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { plans } from '../../../../shared/plans.ts';
import type { TBrand } from '../../../../shared/schemas/brands.ts';
import {
  insightSourceKindLabels,
  type TAggregateRating,
  type TInsightSourceDto,
  type TInsightSourceKind,
} from '../../../../shared/schemas/insight-sources.ts';
import { insightChannelLabels } from '../../../../shared/schemas/insights.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useAuth } from '../../../hooks/use-auth.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { notifyError } from '../../audits-shared/notify-error.ts';
import { useCompetitors } from '../../competitor-tracking/competitor-queries.ts';
import { AddSourceDialog } from './add-source-dialog.tsx';
import { CsvImportDialog } from './csv-import-dialog.tsx';
import { useDeleteInsightSource, useInsightSources } from './source-queries.ts';

const count = (value: number) => value.toLocaleString('en-GB');

function AggregateLine({ rating }: { rating: TAggregateRating }) {
  const basis = rating.reviewCount ?? rating.ratingCount;
  return (
    <li className="flex items-center gap-1.5">
      <Star aria-hidden="true" className="size-3.5 fill-amber-400 text-amber-500" />
      <span>
        {rating.ratingValue.toFixed(1)} out of 5
        {basis !== null ? ` from ${count(basis)} ${rating.reviewCount !== null ? 'reviews' : 'ratings'}` : ''}
        {rating.itemName ? ` · ${rating.itemName}` : ''}
      </span>
    </li>
  );
}

function SourceRow({
  source,
  competitorName,
  onDelete,
}: {
  source: TInsightSourceDto;
  /** set when the source speaks about a competitor */
  competitorName: string | null;
  onDelete: () => void;
}) {
  const Icon = source.kind === 'feed' ? Rss : Globe;
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 gap-3">
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{source.title || source.url}</span>
            <Badge variant="outline">{insightSourceKindLabels[source.kind]}</Badge>
            {source.kind === 'feed' && <Badge variant="outline">{insightChannelLabels[source.category]}</Badge>}
            {competitorName && <Badge variant="secondary">Competitor: {competitorName}</Badge>}
            {source.status === 'failed' ? (
              <Badge variant="destructive">Failed</Badge>
            ) : source.lastCheckedAt ? (
              <Badge variant="success">Active</Badge>
            ) : null}
          </div>
          <a
            href={source.url}
            target="_blank"
            rel="noopener noreferrer"
            className="flex min-w-0 items-center gap-1 text-muted-foreground text-xs hover:underline"
          >
            <span className="truncate">{source.url}</span>
            <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
          </a>
          <p className="text-muted-foreground text-xs">
            {source.lastCheckedAt ? `Last checked ${formatDateTime(source.lastCheckedAt)}` : 'Not checked yet'} ·{' '}
            {count(source.itemsAdded)} {source.itemsAdded === 1 ? 'insight' : 'insights'} added
          </p>
          {source.status === 'failed' && source.lastError && (
            <p className="text-destructive text-xs">{source.lastError}</p>
          )}
          {source.aggregateRatings.length > 0 && (
            <ul className="space-y-0.5 text-xs" aria-label="Rating summaries found on the site">
              {source.aggregateRatings.map((rating) => (
                <AggregateLine key={`${rating.pageUrl}-${rating.itemName}-${rating.ratingValue}`} rating={rating} />
              ))}
            </ul>
          )}
        </div>
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="self-end text-muted-foreground sm:self-start"
        onClick={onDelete}
        aria-label={`Remove ${source.title || source.url}`}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  );
}

/**
 * The brand's insight sources (feeds, website reviews) with how each last fared, and the ways to
 * add more: a feed, the reviews on a website, or a CSV file of reviews or survey answers.
 */
export function SourcesCard({ brand }: { brand: TBrand }) {
  const { user } = useAuth();
  const allowed = user ? plans[user.workspacePlanType].allows.consumerInsights : true;
  const sources = useInsightSources(brand.id);
  const competitors = useCompetitors(brand.id);
  const competitorNames = new Map((competitors.data ?? []).map((competitor) => [competitor.id, competitor.name]));
  const remove = useDeleteInsightSource(brand.id);
  const [adding, setAdding] = useState<TInsightSourceKind | null>(null);
  const [importing, setImporting] = useState(false);
  const [deleting, setDeleting] = useState<TInsightSourceDto | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    const source = deleting;
    remove.mutate(source.id, {
      onSuccess: () =>
        toast({ title: 'Source Removed', description: `${source.title || source.url} is no longer read.` }),
      onError: (error) => notifyError(error, 'Failed to remove source', 'Failed to remove source'),
    });
    setDeleting(null);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Sources</h2>
        </CardTitle>
        <CardDescription>Where discovery reads {brand.name}'s consumer insights from.</CardDescription>
        <CardAction>
          <Button variant="outline" size="sm" onClick={() => setImporting(true)} disabled={!allowed}>
            <FileUp aria-hidden="true" />
            Import CSV
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="space-y-4">
        {sources.isPending ? (
          <div className="space-y-2">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : sources.isError ? (
          <p className="text-destructive text-sm">The sources could not be loaded. Please reload the page.</p>
        ) : sources.data.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            No sources yet. Add an RSS or Atom feed (a Google Alerts feed for “{brand.name}” works well), the reviews on{' '}
            {brand.name}'s website, or import a CSV file of reviews or survey answers.
          </p>
        ) : (
          <ul className="divide-y" aria-label={`Sources of ${brand.name}`}>
            {sources.data.map((source) => (
              <SourceRow
                key={source.id}
                source={source}
                competitorName={
                  source.competitorId ? (competitorNames.get(source.competitorId) ?? 'a competitor') : null
                }
                onDelete={() => setDeleting(source)}
              />
            ))}
          </ul>
        )}
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => setAdding('feed')} disabled={!allowed}>
            <Rss aria-hidden="true" />
            Add Feed
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setAdding('site_reviews')} disabled={!allowed}>
            <Globe aria-hidden="true" />
            Add Website Reviews
          </Button>
        </div>
      </CardContent>
      <AddSourceDialog brand={brand} kind={adding} onOpenChange={(open) => !open && setAdding(null)} />
      <CsvImportDialog brand={brand} open={importing} onOpenChange={setImporting} />
      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Remove this source?</AlertDialogTitle>
            <AlertDialogDescription>
              Discovery will stop reading {deleting?.title || deleting?.url}. The insights it has already added stay in
              the list.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={confirmDelete}>Remove</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
