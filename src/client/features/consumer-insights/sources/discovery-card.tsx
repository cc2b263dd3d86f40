import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Info, LoaderCircle, Radar } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { plans } from '../../../../shared/plans.ts';
import type { TBrand } from '../../../../shared/schemas/brands.ts';
import {
  isTaskRunning,
  type TDiscoveryResult,
  type TDiscoveryTask,
} from '../../../../shared/schemas/insight-sources.ts';
import { Alert, AlertDescription } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { useAuth } from '../../../hooks/use-auth.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { errorDisplayMessage, isUnauthorizedError } from '../../../lib/api.ts';
import { notifyError } from '../../audits-shared/notify-error.ts';
import {
  consumerInsightsQueryPrefix,
  discoveryQueryKey,
  insightSourcesQueryKey,
  startDiscovery,
  useActiveDiscovery,
  useDiscoveryTask,
} from './source-queries.ts';
import { TaskProgressBar } from './task-progress-bar.tsx';

/** How long 'Complete!' stays on the bar before it resets (SPEC §4, discovery tasks). */
export const COMPLETE_HOLD_MS = 2000;

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-GB')} ${count === 1 ? one : many}`;

/** The toast's words for a finished discovery, from its own counts. */
export function discoverySummary(result: TDiscoveryResult): string {
  const failed = result.sources.filter((source) => source.status === 'failed').length;
  const parts = [
    result.added > 0
      ? `Added ${plural(result.added, 'new insight')}.`
      : 'No new insights: everything found was already in your list.',
  ];
  if (result.notKeptForPlan > 0)
    parts.push(`${plural(result.notKeptForPlan, 'item')} not kept: your plan's limit was reached.`);
  if (failed > 0) parts.push(`${plural(failed, 'source')} could not be read.`);
  return parts.join(' ');
}

function LastResult({ result }: { result: TDiscoveryResult }) {
  const failed = result.sources.filter((source) => source.status === 'failed');
  return (
    <div className="space-y-1 rounded-lg border bg-muted/40 px-3 py-2 text-sm" data-testid="discovery-result">
      <p>
        Last discovery: {plural(result.added, 'new insight')}, {plural(result.duplicates, 'item')} already in your list
        {result.notKeptForPlan > 0 ? `, ${plural(result.notKeptForPlan, 'item')} over your plan's limit` : ''}.
      </p>
      {failed.map((source) => (
        <p key={source.sourceId} className="text-destructive">
          {source.title || source.url}: {source.error}
        </p>
      ))}
    </div>
  );
}

/**
 * Reads every source of the brand in the background (POST /api/consumer-insights/discover) and
 * follows the job's real progress: 'Complete!' at 100 %, then the bar resets after 2 s, or at once
 * on failure. While any discovery of the user runs, the button waits.
 */
export function DiscoveryCard({ brand }: { brand: TBrand }) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const allowed = user ? plans[user.workspacePlanType].allows.consumerInsights : true;
  const active = useActiveDiscovery();
  const [taskId, setTaskId] = useState<string | null>(null);
  const [completeShown, setCompleteShown] = useState(false);
  const [guidance, setGuidance] = useState<string | null>(null);
  const [lastResult, setLastResult] = useState<TDiscoveryResult | null>(null);
  const handled = useRef(new Set<string>());
  const task = useDiscoveryTask(taskId);

  // A discovery of this brand already running (the page was reloaded mid-way) is followed here.
  const running = active.data?.task;
  useEffect(() => {
    if (taskId || running?.kind !== 'discovery:insights' || running.brandId !== brand.id) return;
    // One this card has already seen end is not followed again while the list catches up.
    if (!handled.current.has(running.id)) setTaskId(running.id);
  }, [taskId, running, brand.id]);

  useEffect(() => {
    const current = task.data;
    if (!current || current.id !== taskId || isTaskRunning(current) || handled.current.has(current.id)) return;
    handled.current.add(current.id);
    void queryClient.invalidateQueries({ queryKey: consumerInsightsQueryPrefix });
    void queryClient.invalidateQueries({ queryKey: insightSourcesQueryKey(brand.id) });
    setTaskId(null);
    setLastResult(current.result);
    if (current.status === 'completed' && current.result) {
      toast({ title: 'Discovery Complete', description: discoverySummary(current.result) });
      setCompleteShown(true);
      return;
    }
    toast({
      title: 'Discovery Failed',
      description: current.error || 'Failed to discover consumer insights',
      variant: 'destructive',
    });
  }, [task.data, taskId, queryClient, brand.id]);

  useEffect(() => {
    if (!completeShown) return;
    const timer = setTimeout(() => setCompleteShown(false), COMPLETE_HOLD_MS);
    return () => clearTimeout(timer);
  }, [completeShown]);

  const start = useMutation({
    mutationFn: () => startDiscovery(brand.id),
    onMutate: () => setGuidance(null),
    onSuccess: (started: TDiscoveryTask) => {
      queryClient.setQueryData(discoveryQueryKey(started.id), started);
      setTaskId(started.id);
      void queryClient.invalidateQueries({ queryKey: consumerInsightsQueryPrefix });
    },
    onError: (error) => {
      // Nothing to read yet: say which sources to add, as guidance rather than a failure.
      if (!isUnauthorizedError(error) && error instanceof Error && error.message.startsWith('400: ')) {
        setGuidance(errorDisplayMessage(error, 'Add a source first'));
        return;
      }
      notifyError(error, 'Discovery Failed', 'Failed to discover consumer insights');
    },
  });

  const following = taskId !== null ? task.data : undefined;
  const busyElsewhere = !!running && running.id !== taskId && !handled.current.has(running.id);
  const busy = start.isPending || taskId !== null || completeShown || busyElsewhere;
  const progress = completeShown
    ? { stage: 'Complete!', percent: 100 }
    : following
      ? { stage: following.stage || 'Queued', percent: following.percent }
      : start.isPending || taskId !== null
        ? { stage: 'Starting discovery', percent: 0 }
        : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg">
            <Radar aria-hidden="true" className="size-5 text-primary" />
            Discover Consumer Insights
          </h2>
        </CardTitle>
        <CardDescription>
          Reads {brand.name}'s sources (feeds, the reviews on its website), analyses each new item and adds it to the
          list with its own date and link. Items already in the list are never added twice.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Button onClick={() => start.mutate()} disabled={busy || !allowed} className="sm:w-48">
            {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Radar aria-hidden="true" />}
            {busy ? 'Discovering...' : 'Discover Insights'}
          </Button>
          {!allowed && <p className="text-muted-foreground text-sm">Your plan does not include consumer insights.</p>}
          {busyElsewhere && !progress && (
            <p className="text-muted-foreground text-sm" role="status">
              Another discovery is running ({running.percent}%). You can start this one when it ends.
            </p>
          )}
        </div>
        {progress && <TaskProgressBar label="Discovery progress" stage={progress.stage} percent={progress.percent} />}
        {guidance && (
          <Alert variant="info">
            <Info aria-hidden="true" />
            <AlertDescription>
              <p>{guidance}</p>
              <p className="text-muted-foreground">Add one in the Sources card below.</p>
            </AlertDescription>
          </Alert>
        )}
        {lastResult && !progress && <LastResult result={lastResult} />}
      </CardContent>
    </Card>
  );
}
