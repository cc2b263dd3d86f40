import { useQuery } from '@tanstack/react-query';
import type { TCompetitor } from '../../../shared/schemas/competitors.ts';
import { PageHeader } from '../../components/layout/page-header.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { useBrands } from '../audits-shared/audit-queries.ts';
import { AdDiscoveryCard } from './discovery/ad-discovery-card.tsx';
import { DiscoverAdsButton } from './discovery/discover-ads-button.tsx';
import { DiscoveryBanner } from './discovery/discovery-banner.tsx';

/**
 * Interim screen until the full Competitor Tracking screen lands: the first brand's competitors
 * with their discover controls, Auto-Discover All, the number of ads in the library, and the
 * floating discovery banner.
 */
export default function CompetitorTrackingPage() {
  const brands = useBrands();
  const brand = brands.data?.[0];
  const competitors = useQuery<TCompetitor[]>({
    queryKey: ['/api/competitors', { brandId: brand?.id }],
    enabled: Boolean(brand),
  });
  const ads = useQuery<unknown[]>({ queryKey: ['/api/ad-library', { brandId: brand?.id }], enabled: Boolean(brand) });
  const list = competitors.data ?? [];
  return (
    <div className="space-y-6">
      <PageHeader title="Competitor Tracking" />
      {brand && (
        <>
          <Card>
            <CardHeader>
              <CardTitle>
                <h2 className="text-lg">Competitors</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="divide-y">
                {list.map((competitor) => (
                  <li key={competitor.id} className="flex items-center justify-between gap-3 py-2">
                    <span className="font-medium">{competitor.name}</span>
                    <DiscoverAdsButton competitor={competitor} />
                  </li>
                ))}
              </ul>
              {ads.data && (
                <p className="mt-3 text-muted-foreground text-sm" data-testid="ad-count">
                  {ads.data.length} ads in the library
                </p>
              )}
            </CardContent>
          </Card>
          <AdDiscoveryCard brand={brand} competitors={list} />
        </>
      )}
      <DiscoveryBanner />
    </div>
  );
}
