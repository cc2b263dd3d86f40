import { PageHeader } from '../../components/layout/page-header.tsx';
import { useBrands } from '../audits-shared/audit-queries.ts';
import { useCompetitors } from '../consumer-insights/sources/competitor-discovery-card.tsx';
import { PageChangesCard } from './watch/page-changes-card.tsx';

/** Mounted here until the Competitor Tracking screen replaces this placeholder: the page watch for the first brand. */
function FirstBrandPageWatch() {
  const brands = useBrands();
  const brand = brands.data?.[0];
  const competitors = useCompetitors(brand?.id ?? '');
  if (!brand) return null;
  return <PageChangesCard brand={brand} competitors={competitors.data ?? []} />;
}

export default function CompetitorTrackingPage() {
  return (
    <div className="space-y-6">
      <PageHeader title="Competitor Tracking" />
      <FirstBrandPageWatch />
    </div>
  );
}
