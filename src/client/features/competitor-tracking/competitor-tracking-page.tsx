import { PageHeader } from '../../components/layout/page-header.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useBrands } from '../audits-shared/audit-queries.ts';
import { CompetitiveReports } from './reports/competitive-reports.tsx';

/**
 * Placeholder until the full screen (brand selector, stat tiles, competitors and ad library) is
 * merged: it mounts the competitive analysis for the first brand.
 */
export default function CompetitorTrackingPage() {
  const brands = useBrands();
  const brand = brands.data?.[0];
  return (
    <>
      <PageHeader title="Competitor Tracking" />
      {brands.isPending ? <Skeleton className="h-40 w-full" /> : brand ? <CompetitiveReports brand={brand} /> : null}
    </>
  );
}
