import { Radar } from 'lucide-react';
import { TaskProgressBar } from '../../consumer-insights/sources/task-progress-bar.tsx';
import { useFollowAdDiscovery } from './use-ad-discovery.ts';

/**
 * SPEC's floating progress banner while ads are discovered: the job's real stage and percent
 * (which competitor, which page, how many ads read), not a timed guess. Mount once per page.
 */
export function DiscoveryBanner() {
  const progress = useFollowAdDiscovery();
  if (!progress) return null;
  const title = progress.kind === 'ad-discovery:brand' ? 'Discovering ads for all competitors' : 'Discovering ads';
  return (
    <div
      role="status"
      data-testid="discovery-banner"
      className="fixed inset-x-4 bottom-4 z-50 mx-auto max-w-md rounded-xl border bg-card p-4 shadow-lg sm:right-6 sm:left-auto"
    >
      <p className="mb-2 flex items-center gap-2 font-medium text-sm">
        <Radar aria-hidden="true" className="size-4 animate-pulse text-primary" />
        {progress.percent >= 100 ? 'Ad discovery complete' : title}
      </p>
      <TaskProgressBar label="Ad discovery progress" stage={progress.stage} percent={progress.percent} />
    </div>
  );
}
