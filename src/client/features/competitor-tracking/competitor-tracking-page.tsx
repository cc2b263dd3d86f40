import { PageHeader } from '../../components/layout/page-header.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useBrands } from '../audits-shared/audit-queries.ts';
import { useCompetitors } from '../consumer-insights/sources/competitor-discovery-card.tsx';
import { AdDiscoveryCard } from './discovery/ad-discovery-card.tsx';
import { DiscoveryBanner } from './discovery/discovery-banner.tsx';
import { CompetitiveReports } from './reports/competitive-reports.tsx';
import { PageChangesCard } from './watch/page-changes-card.tsx';

/**
 * Interim screen until the full one (brand selector, stat tiles, competitors and ad library) is
 * merged: ad discovery, the competitive analysis and the page watch of the first brand.
 */
export default function CompetitorTrackingPage() {
  const brands = useBrands();
  const brand = brands.data?.[0];
  const competitors = useCompetitors(brand?.id ?? '');
  return (
    <div className="space-y-6">
      <PageHeader title="Competitor Tracking" />
      {brands.isPending ? <Skeleton className="h-40 w-full" /> : null}
      {brand && <AdDiscoveryCard brand={brand} competitors={competitors.data ?? []} />}
      {brand && <CompetitiveReports brand={brand} />}
      {brand && <PageChangesCard brand={brand} competitors={competitors.data ?? []} />}
      <DiscoveryBanner />
    </div>
  );
}
