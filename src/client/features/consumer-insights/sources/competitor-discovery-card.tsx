import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Radar } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { TBrand } from '../../../../shared/schemas/brands.ts';
import type { TCompetitor } from '../../../../shared/schemas/competitors.ts';
import { isTaskRunning, type TCompetitorDiscoveryTask } from '../../../../shared/schemas/insight-sources.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { toast } from '../../../hooks/use-toast.ts';
import { apiJson, isUnauthorizedError } from '../../../lib/api.ts';
import { useCompetitors } from '../../competitor-tracking/competitor-queries.ts';
import { isMentionSourcesQuery } from './mention-source-queries.ts';
import {
  activeDiscoveryQueryKey,
  consumerInsightsQueryPrefix,
  TASK_POLL_MS,
  useActiveDiscovery,
} from './source-queries.ts';
import { plural } from './use-discovery.ts';

function notifyFailure(error: unknown, description?: string | null) {
  if (isUnauthorizedError(error)) {
    toast({ title: 'Authentication Required', description: 'Please log in again to continue', variant: 'destructive' });
    return;
  }
  toast({
    title: 'Competitor Discovery Failed',
    description: description || 'Failed to discover competitor consumer insights',
    variant: 'destructive',
  });
}

/**
 * SPEC §2's competitor discovery card, shown only when the brand has competitors: one Discover
 * button per competitor. A running competitor discovery disables only its own button here; the
 * brand-wide card waits on the same one-discovery-at-a-time rule (the server's 409 backs it).
 */
export function CompetitorDiscoveryCard({ brand }: { brand: TBrand }) {
  const queryClient = useQueryClient();
  const competitors = useCompetitors(brand.id);
  const active = useActiveDiscovery();
  const [task, setTask] = useState<TCompetitorDiscoveryTask | null>(null);
  const [results, setResults] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!task || !isTaskRunning(task)) return;
    const timer = setTimeout(async () => {
      try {
        const next = await apiJson<TCompetitorDiscoveryTask>(
          'GET',
          `/api/consumer-insights/competitor-discoveries/${task.id}`,
        );
        setTask(next);
        if (isTaskRunning(next)) return;
        void queryClient.invalidateQueries({ queryKey: consumerInsightsQueryPrefix });
        void queryClient.invalidateQueries({ queryKey: activeDiscoveryQueryKey });
        void queryClient.invalidateQueries({ predicate: isMentionSourcesQuery });
        if (next.status === 'completed' && next.result) {
          const summary = `${plural(next.result.added, 'new insight')} about ${next.competitorName}`;
          setResults((known) => ({ ...known, [next.competitorId ?? '']: summary }));
          toast({ title: 'Discovery Complete', description: `Added ${summary}.` });
        } else {
          notifyFailure(null, next.error);
        }
      } catch (error) {
        setTask(null);
        notifyFailure(error);
      }
    }, TASK_POLL_MS);
    return () => clearTimeout(timer);
  }, [task, queryClient]);

  // the brand's own row (its own ads, in competitor tracking) is not a competitor to discover
  const list = (competitors.data ?? []).filter((competitor) => !competitor.isOwnBrand);
  if (list.length === 0) return null;
  const runningCompetitorId = task && isTaskRunning(task) ? task.competitorId : null;

  const start = async (competitor: TCompetitor) => {
    try {
      const started = await apiJson<TCompetitorDiscoveryTask>('POST', '/api/consumer-insights/discover-competitor', {
        competitorId: competitor.id,
      });
      setTask(started);
      void queryClient.invalidateQueries({ queryKey: activeDiscoveryQueryKey });
    } catch (error) {
      notifyFailure(error, error instanceof Error ? error.message.replace(/^\d{3}: /, '') : null);
    }
  };

  const otherRunning = active.data?.task && active.data.task.id !== task?.id ? active.data.task : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg">
            <Radar aria-hidden="true" className="size-5 text-primary" />
            Discover Competitor Insights
          </h2>
        </CardTitle>
        <CardDescription>
          Reads the reviews on each competitor's website and the feeds added for it, and adds what people say about that
          competitor to the list.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y" aria-label="Competitors">
          {list.map((competitor) => {
            const running = runningCompetitorId === competitor.id;
            return (
              <li key={competitor.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
                <div>
                  <p className="font-medium">{competitor.name}</p>
                  <p className="text-muted-foreground text-sm">
                    {running
                      ? `${task?.stage || 'Queued'} (${task?.percent ?? 0}%)`
                      : (results[competitor.id] ?? competitor.website ?? 'No website: add a feed for it in Sources')}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={running || (otherRunning !== null && !runningCompetitorId)}
                  onClick={() => void start(competitor)}
                  aria-label={`Discover insights about ${competitor.name}`}
                >
                  {running ? (
                    <LoaderCircle aria-hidden="true" className="animate-spin" />
                  ) : (
                    <Radar aria-hidden="true" />
                  )}
                  {running ? 'Discovering...' : 'Discover'}
                </Button>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
