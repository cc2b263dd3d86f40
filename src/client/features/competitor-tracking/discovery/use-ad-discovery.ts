import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { plans } from '../../../../shared/plans.ts';
import type { TAdDiscoveryTask } from '../../../../shared/schemas/ad-discovery.ts';
import { useAuth } from '../../../hooks/use-auth.ts';
import { toast } from '../../../hooks/use-toast.ts';
import { notifyError } from '../../audits-shared/notify-error.ts';
import {
  activeAdDiscoveryQueryKey,
  adDiscoveryQueryKey,
  isAdDiscoveryRunning,
  lastAdDiscoveryQueryKey,
  refreshedAfterDiscovery,
  startBrandAdDiscovery,
  startCompetitorAdDiscovery,
  useActiveAdDiscovery,
  useAdDiscoveryTask,
} from './ad-discovery-queries.ts';

/** SPEC §8's words when a discovery fails without a reason from the server. */
export const AD_DISCOVERY_FAILED = 'Failed to auto-discover ads. Please check your connection and try again.';
/** How long 'Complete!' stays on the banner (SPEC §4, discovery tasks). */
export const COMPLETE_HOLD_MS = 2000;

/** Whether the signed-in workspace's plan includes competitor tracking (the server decides too). */
export function useCompetitorTrackingAllowed() {
  const { user } = useAuth();
  return user ? plans[user.workspacePlanType].allows.competitorTracking : true;
}

/** The running ad discovery, as every discovery control sees it. */
export function useRunningAdDiscovery(): TAdDiscoveryTask | null {
  const active = useActiveAdDiscovery();
  const task = active.data?.task ?? null;
  return isAdDiscoveryRunning(task) ? task : null;
}

/** Starts a discovery; the banner follows it from the shared 'active' read. */
export function useStartAdDiscovery(
  target: { kind: 'competitor'; competitorId: string } | { kind: 'brand'; brandId: string },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      target.kind === 'competitor'
        ? startCompetitorAdDiscovery(target.competitorId)
        : startBrandAdDiscovery(target.brandId),
    onSuccess: (task) => {
      queryClient.setQueryData(adDiscoveryQueryKey(task.id), task);
      queryClient.setQueryData(activeAdDiscoveryQueryKey, { task });
    },
    onError: (error) =>
      notifyError(
        error,
        target.kind === 'competitor' ? 'Discovery Failed' : 'Batch Discovery Failed',
        AD_DISCOVERY_FAILED,
      ),
  });
}

/**
 * Follows the running discovery to its end, once per page: the toast, the ad library and
 * competitors refreshed, 'Complete!' held for 2 s. Used by the floating banner.
 */
export function useFollowAdDiscovery() {
  const queryClient = useQueryClient();
  const running = useRunningAdDiscovery();
  const [taskId, setTaskId] = useState<string | null>(null);
  const [completeShown, setCompleteShown] = useState(false);
  const handled = useRef(new Set<string>());
  const task = useAdDiscoveryTask(taskId);

  useEffect(() => {
    if (running && running.id !== taskId && !handled.current.has(running.id)) setTaskId(running.id);
  }, [running, taskId]);

  useEffect(() => {
    const current = task.data;
    if (!current || current.id !== taskId || isAdDiscoveryRunning(current) || handled.current.has(current.id)) return;
    handled.current.add(current.id);
    setTaskId(null);
    queryClient.setQueryData(lastAdDiscoveryQueryKey, current);
    queryClient.setQueryData(activeAdDiscoveryQueryKey, { task: null });
    for (const queryKey of refreshedAfterDiscovery) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
    const batch = current.kind === 'ad-discovery:brand';
    if (current.status === 'completed') {
      toast({ title: batch ? 'Batch Discovery Complete' : 'Ads Discovered', description: current.message });
      setCompleteShown(true);
    } else {
      toast({
        title: batch ? 'Batch Discovery Failed' : 'Discovery Failed',
        description: current.error || AD_DISCOVERY_FAILED,
        variant: 'destructive',
      });
    }
  }, [task.data, taskId, queryClient]);

  useEffect(() => {
    if (!taskId || !task.error) return;
    handled.current.add(taskId);
    setTaskId(null);
    notifyError(task.error, 'Discovery Failed', AD_DISCOVERY_FAILED);
  }, [taskId, task.error]);

  useEffect(() => {
    if (!completeShown) return;
    const timer = setTimeout(() => setCompleteShown(false), COMPLETE_HOLD_MS);
    return () => clearTimeout(timer);
  }, [completeShown]);

  const following = taskId ? (task.data ?? running) : null;
  if (completeShown) return { stage: 'Complete!', percent: 100, kind: null };
  if (!following) return null;
  return {
    stage: following.stage && following.stage !== 'Queued' ? following.stage : 'Starting discovery',
    percent: following.percent,
    kind: following.kind,
  };
}
