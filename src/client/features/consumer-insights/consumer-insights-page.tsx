import { useState } from 'react';
import { PageHeader } from '../../components/layout/page-header.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useBrands } from '../audits-shared/audit-queries.ts';
import { DiscoveryCard } from './sources/discovery-card.tsx';
import { SourcesCard } from './sources/sources-card.tsx';

/**
 * Consumer Insights. For now it holds the brand selector and the sources cards; the insight list,
 * the manual form and the reports tab join them on the same page.
 */
export default function ConsumerInsightsPage() {
  const brands = useBrands();
  const [chosenBrandId, setChosenBrandId] = useState<string | null>(null);
  const brandList = brands.data ?? [];
  // The selected brand defaults to the first brand (SPEC §2).
  const brand = brandList.find((candidate) => candidate.id === chosenBrandId) ?? brandList[0] ?? null;

  return (
    <>
      <PageHeader title="Consumer Insights" description="What people say about your brand, from real sources" />
      {brands.isPending ? (
        <Skeleton className="h-56 w-full rounded-xl" />
      ) : !brand ? (
        <p className="text-muted-foreground">
          Create a brand on the Brand Audit page to collect its consumer insights.
        </p>
      ) : (
        <div className="space-y-6">
          <div className="max-w-sm space-y-2">
            <Label htmlFor="insights-brand">Brand</Label>
            <Select value={brand.id} onValueChange={setChosenBrandId}>
              <SelectTrigger id="insights-brand" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {brandList.map((candidate) => (
                  <SelectItem key={candidate.id} value={candidate.id}>
                    {candidate.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <DiscoveryCard key={`discovery-${brand.id}`} brand={brand} />
          <SourcesCard key={`sources-${brand.id}`} brand={brand} />
        </div>
      )}
    </>
  );
}
