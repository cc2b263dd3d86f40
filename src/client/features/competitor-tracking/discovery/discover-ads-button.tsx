import { LoaderCircle, Radar, SearchCheck } from 'lucide-react';
import { useState } from 'react';
import type { TCompetitor } from '../../../../shared/schemas/competitors.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useAdSources } from './ad-discovery-queries.ts';
import { FacebookPageDialog } from './facebook-page-dialog.tsx';
import { useCompetitorTrackingAllowed, useRunningAdDiscovery, useStartAdDiscovery } from './use-ad-discovery.ts';

/** For a competitor without a chosen page: discovery reads a page's ads only, so the page comes first. */
function FindPageButton({ competitor, disabled }: { competitor: TCompetitor; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        onClick={() => setOpen(true)}
        disabled={disabled}
        aria-label={`Find the Facebook page of ${competitor.name}`}
        title="Choose the competitor's page before discovering its ads"
      >
        <SearchCheck aria-hidden="true" />
        Find Facebook page
      </Button>
      {open && <FacebookPageDialog competitor={competitor} open onOpenChange={setOpen} />}
    </>
  );
}

/**
 * Discovers one competitor's ads from its chosen Facebook page, or, without one, offers to find the
 * page. Its own discovery disables only this button (SPEC §4); a brand-wide one disables every
 * button, since it searches this competitor too.
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
  if (!competitor.facebookPageId) return <FindPageButton competitor={competitor} disabled={!allowed || unconfigured} />;
  return (
    <Button
      size="sm"
      variant="outline"
      onClick={() => start.mutate()}
      disabled={busy || batch || !allowed || unconfigured}
      aria-label={`Discover ads for ${competitor.name}`}
      title={unconfigured ? "Meta ad discovery isn't available on this server" : 'Search by Facebook page'}
    >
      {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Radar aria-hidden="true" />}
      {busy ? 'Discovering...' : 'Discover Ads'}
    </Button>
  );
}
