import { LoaderCircle, Radar } from 'lucide-react';
import type { TCompetitor } from '../../../../shared/schemas/competitors.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useAdSources } from './ad-discovery-queries.ts';
import { useCompetitorTrackingAllowed, useRunningAdDiscovery, useStartAdDiscovery } from './use-ad-discovery.ts';

/**
 * Discovers one competitor's ads. Its own discovery disables only this button (SPEC §4); a
 * brand-wide one disables every button, since it searches this competitor too.
 */
export function DiscoverAdsButton({ competitor }: { competitor: TCompetitor }) {
  const allowed = useCompetitorTrackingAllowed();
  const sources = useAdSources();
  const running = useRunningAdDiscovery();
  const start = useStartAdDiscovery({ kind: 'competitor', competitorId: competitor.id });
  const mine = running?.kind === 'ad-discovery:competitor' && running.competitorId === competitor.id;
  const batch = running?.kind === 'ad-discovery:brand' && running.brandId === competitor.brandId;
  const busy = start.isPending || mine;
  const unconfigured = sources.data?.metaConfigured === false;
  return (
    <Button
      size="sm"
      variant="outline"
      onClick={() => start.mutate()}
      disabled={busy || batch || !allowed || unconfigured}
      aria-label={`Discover ads for ${competitor.name}`}
      title={
        unconfigured
          ? 'No ad source is configured'
          : competitor.facebookPageId
            ? 'Search by Facebook page'
            : 'Search by name'
      }
    >
      {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Radar aria-hidden="true" />}
      {busy ? 'Discovering...' : 'Discover Ads'}
    </Button>
  );
}
