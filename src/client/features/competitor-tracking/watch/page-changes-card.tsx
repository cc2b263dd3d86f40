import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Eye, LoaderCircle, RefreshCw } from 'lucide-react';
import type { TBrand } from '../../../../shared/schemas/brands.ts';
import type { TCompetitor } from '../../../../shared/schemas/competitors.ts';
import {
  type TPageChange,
  type TPageChanges,
  type TPageCheck,
  watchedPageLabels,
} from '../../../../shared/schemas/page-watch.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { toast } from '../../../hooks/use-toast.ts';
import { apiJson, errorDisplayMessage, isUnauthorizedError } from '../../../lib/api.ts';

const pageChangesKey = (competitorId: string) => ['/api/competitors', competitorId, 'page-changes'] as const;
const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => dateTime.format(new Date(iso));

function ChangeDiff({ change }: { change: TPageChange }) {
  return (
    <div className="space-y-1">
      <p className="text-muted-foreground text-xs">
        {when(change.fromDate)} → {when(change.toDate)}: {change.added} added, {change.removed} removed
      </p>
      <pre className="overflow-x-auto rounded-md border bg-muted/30 p-2 text-xs">
        {change.lines.map((line, index) => (
          <div
            key={index}
            data-kind={line.kind}
            className={
              line.kind === 'added'
                ? 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200'
                : line.kind === 'removed'
                  ? 'bg-red-100 text-red-900 line-through dark:bg-red-950 dark:text-red-200'
                  : 'text-muted-foreground'
            }
          >
            {line.kind === 'added' ? '+ ' : line.kind === 'removed' ? '− ' : '  '}
            {line.text}
          </div>
        ))}
      </pre>
    </div>
  );
}

function CompetitorWatch({ competitor, readOnly }: { competitor: TCompetitor; readOnly: boolean }) {
  const queryClient = useQueryClient();
  const changes = useQuery<TPageChanges>({
    queryKey: pageChangesKey(competitor.id),
    queryFn: () => apiJson<TPageChanges>('GET', `/api/competitors/${competitor.id}/page-changes`),
  });
  const check = useMutation({
    mutationFn: () => apiJson<TPageCheck>('POST', `/api/competitors/${competitor.id}/page-snapshots`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pageChangesKey(competitor.id) }),
    onError: (error) =>
      toast({
        title: isUnauthorizedError(error) ? 'Authentication Required' : 'Check Failed',
        description: isUnauthorizedError(error)
          ? 'Please log in again to continue'
          : errorDisplayMessage(error, 'The pages could not be checked'),
        variant: 'destructive',
      }),
  });
  const data = changes.data;
  const lastCheck = data?.lastCheck;
  return (
    <li className="space-y-3 py-4" data-testid={`page-watch-${competitor.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-medium">{competitor.name}</p>
          <p className="text-muted-foreground text-sm">
            {lastCheck ? `Last checked ${when(lastCheck.checkedAt)}` : 'Not checked yet'}
          </p>
        </div>
        {!readOnly && (
          <Button
            size="sm"
            variant="outline"
            disabled={check.isPending || !competitor.website}
            onClick={() => check.mutate()}
          >
            {check.isPending ? (
              <LoaderCircle aria-hidden="true" className="animate-spin" />
            ) : (
              <RefreshCw aria-hidden="true" />
            )}
            Check now
          </Button>
        )}
      </div>
      {!competitor.website && !readOnly && (
        <p className="text-muted-foreground text-sm">Add a website to watch its pages.</p>
      )}
      {lastCheck && (
        <ul className="space-y-1 text-sm" aria-label="Pages watched">
          {lastCheck.pages.map((page) => (
            <li key={page.pageKind}>
              <span className="font-medium">{watchedPageLabels[page.pageKind]}</span>
              {page.url ? `: ${page.url}` : ''} ({page.outcome.replace('_', ' ')})
              {page.message && <span className="block text-muted-foreground">{page.message}</span>}
            </li>
          ))}
        </ul>
      )}
      {data?.pages.map((page) => {
        const latest = page.changes[0];
        if (!latest) return null;
        return (
          <div key={page.pageKind} className="space-y-1">
            <p className="font-medium text-sm">{watchedPageLabels[page.pageKind]}: latest change</p>
            <ChangeDiff change={latest} />
          </div>
        );
      })}
      {data?.pages.every((page) => page.changes.length === 0) && lastCheck && (
        <p className="text-muted-foreground text-sm">No changes seen since the first snapshot.</p>
      )}
    </li>
  );
}

/**
 * The competitor page watch: per competitor, when its pages were last checked, which pages are
 * watched, the latest change of each as a line diff (green added, red removed) and "Check now"
 * (not when read-only: the plan keeps what was watched as it is).
 */
export function PageChangesCard({
  brand,
  competitors,
  readOnly = false,
}: {
  brand: TBrand;
  competitors: TCompetitor[];
  readOnly?: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg">
            <Eye aria-hidden="true" className="size-5 text-primary" />
            Website Changes
          </h2>
        </CardTitle>
        <CardDescription>
          Each week the home and pricing pages of {brand.name}'s competitors are read (robots.txt respected), and what
          changed in their text is shown here.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {competitors.length === 0 ? (
          <p className="text-muted-foreground text-sm">Add a competitor with a website to watch its pages.</p>
        ) : (
          <ul className="divide-y">
            {competitors.map((competitor) => (
              <CompetitorWatch key={competitor.id} competitor={competitor} readOnly={readOnly} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
