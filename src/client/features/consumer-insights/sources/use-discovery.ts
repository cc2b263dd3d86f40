import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { plans } from '../../../../shared/plans.ts';
import type { TBrand } from '../../../../shared/schemas/brands.ts';
import {
  isTaskRunning,
  type TDiscoveryResult,
  type TDiscoveryTask,
} from '../../../../shared/schemas/insight-sources.ts';
import { useAuth } from '../../../hooks/use-auth.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { errorDisplayMessage, isUnauthorizedError } from '../../../lib/api.ts';
import { notifyError } from '../../audits-shared/notify-error.ts';
import { isMentionSourcesQuery } from './mention-source-queries.ts';
import {
  consumerInsightsQueryPrefix,
  discoveryQueryKey,
  insightSourcesQueryKey,
  startDiscovery,
  useActiveDiscovery,
  useDiscoveryTask,
} from './source-queries.ts';

/** How long 'Complete!' stays on the bar before it resets (SPEC §4, discovery tasks). */
export const COMPLETE_HOLD_MS = 2000;
const FAILED = 'Failed to discover consumer insights';

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
  if (result.notAboutSubject)
    parts.push(`${plural(result.notAboutSubject, 'was', 'were')} filtered as not about the brand.`);
  if (result.notKeptForPlan > 0)
    parts.push(`${plural(result.notKeptForPlan, 'item')} not kept: your plan's limit was reached.`);
  if (failed > 0) parts.push(`${plural(failed, 'source')} could not be read.`);
  return parts.join(' ');
}

export { plural };

/**
 * Follows one discovery task to its end: the toast, the lists refreshed, the result kept; and
 * follows a discovery of this brand already running when the page opens (reloaded mid-way).
 */
function useFollowDiscovery(brandId: string) {
  const queryClient = useQueryClient();
  const active = useActiveDiscovery();
  const [taskId, setTaskId] = useState<string | null>(null);
  const [completeShown, setCompleteShown] = useState(false);
  const [lastResult, setLastResult] = useState<TDiscoveryResult | null>(null);
  // Tasks seen to end here are not followed again while the active read catches up.
  const handled = useRef(new Set<string>());
  const task = useDiscoveryTask(taskId);
  const running = active.data?.task ?? null;

  useEffect(() => {
    if (taskId || running?.kind !== 'discovery:insights' || running.brandId !== brandId) return;
    if (!handled.current.has(running.id)) setTaskId(running.id);
  }, [taskId, running, brandId]);

  useEffect(() => {
    const current = task.data;
    if (!current || current.id !== taskId || isTaskRunning(current) || handled.current.has(current.id)) return;
    handled.current.add(current.id);
    void queryClient.invalidateQueries({ queryKey: consumerInsightsQueryPrefix });
    void queryClient.invalidateQueries({ queryKey: insightSourcesQueryKey(brandId) });
    void queryClient.invalidateQueries({ predicate: isMentionSourcesQuery });
    setTaskId(null);
    setLastResult(current.result);
    if (current.status === 'completed' && current.result) {
      toast({ title: 'Discovery Complete', description: discoverySummary(current.result) });
      setCompleteShown(true);
    } else {
      toast({ title: 'Discovery Failed', description: current.error || FAILED, variant: 'destructive' });
    }
  }, [task.data, taskId, queryClient, brandId]);

  // A discovery that can no longer be read (signed out, gone) stops being followed.
  useEffect(() => {
    if (!taskId || !task.error) return;
    setTaskId(null);
    notifyError(task.error, 'Discovery Failed', FAILED);
  }, [taskId, task.error]);

  useEffect(() => {
    if (!completeShown) return;
    const timer = setTimeout(() => setCompleteShown(false), COMPLETE_HOLD_MS);
    return () => clearTimeout(timer);
  }, [completeShown]);

  const otherRunning = running && running.id !== taskId && !handled.current.has(running.id) ? running : null;
  return { taskId, setTaskId, task: task.data, completeShown, lastResult, otherRunning };
}

/** What the discovery card shows and does (see DiscoveryCard). */
export function useDiscovery(brand: TBrand) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const allowed = user ? plans[user.workspacePlanType].allows.consumerInsights : true;
  const followed = useFollowDiscovery(brand.id);
  const [guidance, setGuidance] = useState<string | null>(null);

  const start = useMutation({
    mutationFn: () => startDiscovery(brand.id),
    onMutate: () => setGuidance(null),
    onSuccess: (started: TDiscoveryTask) => {
      queryClient.setQueryData(discoveryQueryKey(started.id), started);
      followed.setTaskId(started.id);
      void queryClient.invalidateQueries({ queryKey: consumerInsightsQueryPrefix });
    },
    onError: (error) => {
      // Nothing to read yet: say which sources to add, as guidance rather than a failure.
      if (!isUnauthorizedError(error) && error instanceof Error && error.message.startsWith('400: ')) {
        setGuidance(errorDisplayMessage(error, 'Add a source first'));
        return;
      }
      notifyError(error, 'Discovery Failed', FAILED);
    },
  });

  const { taskId, task, completeShown, otherRunning } = followed;
  const following = taskId !== null ? task : undefined;
  const progress = completeShown
    ? { stage: 'Complete!', percent: 100 }
    : following
      ? { stage: following.stage || 'Queued', percent: following.percent }
      : start.isPending || taskId !== null
        ? { stage: 'Starting discovery', percent: 0 }
        : null;
  return {
    allowed,
    start: () => start.mutate(),
    busy: start.isPending || taskId !== null || completeShown || otherRunning !== null,
    otherRunning,
    progress,
    guidance,
    lastResult: followed.lastResult,
  };
}
