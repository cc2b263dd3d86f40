import { Building2, Plus } from 'lucide-react';
import { Link, useSearchParams } from 'wouter';
import { BrandSelector } from '../../components/brand-selector.tsx';
import { PageHeader } from '../../components/layout/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { useBrands } from '../audits-shared/audit-queries.ts';
import { LoadErrorAlert } from '../audits-shared/load-error-alert.tsx';
import { InsightsTab } from './insights-tab.tsx';
import { SentimentReportsTab } from './sentiment-reports/sentiment-reports-tab.tsx';

function NoBrandYet() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Building2 aria-hidden="true" className="size-6" />
        </span>
        <h2 className="font-semibold text-lg">Create a brand first</h2>
        <p className="max-w-md text-muted-foreground text-sm">
          Consumer insights belong to a brand. Create your brand on the Brand Audit page, then come back to add what
          your customers say about it.
        </p>
        <Button asChild className="mt-1">
          <Link href="/brand-audit">
            <Plus aria-hidden="true" />
            Create a brand
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

export default function ConsumerInsightsPage() {
  const brands = useBrands();
  // The selected brand is in the address (?brand=), so a link to a filtered feed opens on its brand.
  const [params, setParams] = useSearchParams();
  const chosenBrandId = params.get('brand');
  const brandList = brands.data ?? [];
  // The selected brand defaults to the first brand (SPEC §4).
  const selected = brandList.find((brand) => brand.id === chosenBrandId) ?? brandList[0] ?? null;
  const chooseBrand = (brandId: string) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set('brand', brandId);
      // a competitor belongs to the brand it was chosen for
      next.delete('competitor');
      return next;
    });

  return (
    <>
      <PageHeader
        title="Consumer Insights"
        description="See what customers say about your brand: feedback analysed for sentiment, topics and emotions"
        actions={
          selected && (
            <BrandSelector
              id="insights-brand"
              className="sm:w-64"
              brands={brandList}
              selectedId={selected.id}
              onSelect={chooseBrand}
            />
          )
        }
      />
      {brands.error ? (
        <LoadErrorAlert error={brands.error} what="your brands" onRetry={() => void brands.refetch()} />
      ) : brands.data === undefined ? (
        <Skeleton className="h-64 w-full rounded-xl" />
      ) : !selected ? (
        <NoBrandYet />
      ) : (
        <Tabs defaultValue="insights" className="gap-4">
          <TabsList className="w-full sm:w-fit">
            <TabsTrigger value="insights" className="sm:px-4">
              Consumer Insights
            </TabsTrigger>
            <TabsTrigger value="reports" className="sm:px-4">
              Sentiment Reports
            </TabsTrigger>
          </TabsList>
          <TabsContent value="insights">
            <InsightsTab key={selected.id} brand={selected} />
          </TabsContent>
          <TabsContent value="reports">
            <SentimentReportsTab key={selected.id} brand={selected} />
          </TabsContent>
        </Tabs>
      )}
    </>
  );
}
