import { useQueryClient } from '@tanstack/react-query';
import { Building2, Megaphone, Plus, Target } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'wouter';
import type { PlanKey } from '../../../shared/plans.ts';
import type { TBrand } from '../../../shared/schemas/brands.ts';
import { BrandSelector } from '../../components/brand-selector.tsx';
import { PageHeader } from '../../components/layout/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useAuth } from '../../hooks/use-auth.ts';
import { isUnauthorizedError } from '../../lib/api.ts';
import { useBrands } from '../audits-shared/audit-queries.ts';
import { LoadErrorAlert } from '../audits-shared/load-error-alert.tsx';
import { notifyError } from '../audits-shared/notify-error.ts';
import { moduleReadOnlyState, planLacks } from '../audits-shared/plan-access.ts';
import { ReadOnlyNotice } from '../audits-shared/read-only-notice.tsx';
import { UpgradePrompt } from '../audits-shared/upgrade-prompt.tsx';
import { AdLibraryCard } from './ad-library-card.tsx';
import { WhatChangedCard } from './changes/what-changed-card.tsx';
import { trackingSummaryQueryKey, useCompetitors, useTrackingSummary } from './competitor-queries.ts';
import { CompetitorsCard } from './competitors-card.tsx';
import { AdDiscoveryCard } from './discovery/ad-discovery-card.tsx';
import { DiscoverAdsButton } from './discovery/discover-ads-button.tsx';
import { DiscoveryBanner } from './discovery/discovery-banner.tsx';
import { CompetitiveReports } from './reports/competitive-reports.tsx';
import { useCompetitorReportsUpdatedAt } from './reports/competitor-report-queries.ts';
import { TikTokAdsCard } from './tiktok/tiktok-ads-card.tsx';
import { AdMarketSelector, StatTiles } from './tracking-header.tsx';
import { PageChangesCard } from './watch/page-changes-card.tsx';

/** The competitors without the brand's own row: its own pages are not watched as a rival's. */
const rivalsOnly = <T extends { isOwnBrand: boolean }>(list: T[]) => list.filter((entry) => !entry.isOwnBrand);

const trackingFeatures = [
  { icon: Building2, title: 'Your competitors', body: 'Keep the companies you compete with in one list, per brand.' },
  {
    icon: Megaphone,
    title: 'Their ads',
    body: 'Follow the ads they run, on which platforms, and for how long: a long-running ad is the clearest sign that it works.',
  },
  {
    icon: Target,
    title: 'Competitive analysis',
    body: 'Reports computed from their ads: calls to action, audiences and messages, with what to do about them.',
  },
];

/** What the screen offers, beside the upgrade prompt of a plan without it. */
function TrackingUpgrade({ plan }: { plan: PlanKey }) {
  return (
    <div className="space-y-6">
      <UpgradePrompt reason="feature_limit" feature="competitorTracking" planType={plan} />
      <WhatTrackingDoes />
    </div>
  );
}

function WhatTrackingDoes() {
  return (
    <ul aria-label="What competitor tracking includes" className="grid gap-4 md:grid-cols-3">
      {trackingFeatures.map(({ icon: Icon, title, body }) => (
        <li key={title} className="space-y-2 rounded-xl border bg-card p-5">
          <Icon aria-hidden="true" className="size-5 text-primary" />
          <p className="font-medium">{title}</p>
          <p className="text-muted-foreground text-sm">{body}</p>
        </li>
      ))}
    </ul>
  );
}

function NoBrandYet() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
        <h2 className="font-semibold text-lg">Create a brand first</h2>
        <p className="max-w-md text-muted-foreground text-sm">
          Competitors belong to a brand. Create your brand on the Brand Audit page, then come back to add its
          competitors.
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

/**
 * The stat tiles count what other parts change (ads found by discovery, reports generated): they
 * are asked for again whenever those lists are.
 */
function useSummaryFollowsLists(brandId: string, listsUpdatedAt: number) {
  const queryClient = useQueryClient();
  const updatedAt = Math.max(listsUpdatedAt, useCompetitorReportsUpdatedAt(brandId));
  const seen = useRef(updatedAt);
  useEffect(() => {
    if (updatedAt === seen.current) return;
    seen.current = updatedAt;
    void queryClient.invalidateQueries({ queryKey: trackingSummaryQueryKey(brandId) });
  }, [updatedAt, brandId, queryClient]);
}

/**
 * One brand's competitor tracking: the stat tiles, ad discovery, the competitors and the ad
 * library, the competitive analysis and the page watch, with discovery's floating progress banner.
 * A plan without competitor tracking sees the upgrade prompt, or, when it kept what it tracked
 * before, that under a read-only notice; so does a read-only brand.
 */
function BrandTracking({ brand, plan }: { brand: TBrand; plan: PlanKey | undefined }) {
  const competitors = useCompetitors(brand.id);
  const summary = useTrackingSummary(brand.id);
  const error = competitors.error ?? summary.error;
  // The ad library loads page by page in its card; discovery refreshes the competitors with it.
  useSummaryFollowsLists(brand.id, competitors.dataUpdatedAt);

  // A signed-out reply is reported once (the Unauthorized toast and the login redirect).
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (error && isUnauthorizedError(error) && reported.current !== error) {
      reported.current = error;
      notifyError(error, 'Error', 'Failed to load competitor tracking');
    }
  }, [error]);

  if (error && !isUnauthorizedError(error)) {
    return (
      <LoadErrorAlert
        error={error}
        what="competitor tracking"
        onRetry={() => void Promise.all([competitors.refetch(), summary.refetch()])}
      />
    );
  }
  const competitorList = competitors.data ?? [];
  const stored = summary.data ? summary.data.competitors + summary.data.ads + summary.data.reports : undefined;
  if (plan !== undefined && planLacks(plan, 'competitorTracking')) {
    if (stored === undefined) return <Skeleton className="h-64 w-full rounded-xl" />;
    if (stored === 0) return <TrackingUpgrade plan={plan} />;
  }
  const readOnly = moduleReadOnlyState(plan, brand, 'competitorTracking');
  if (readOnly) {
    return (
      <div className="space-y-6">
        <ReadOnlyNotice state={readOnly} />
        <StatTiles summary={summary.data} />
        <div className="grid items-start gap-6 2xl:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
          <CompetitorsCard brand={brand} competitors={competitors.data} readOnly />
          <AdLibraryCard brand={brand} competitors={competitors.data} readOnly />
        </div>
        <WhatChangedCard brand={brand} readOnly />
        <CompetitiveReports brand={brand} readOnly />
        <PageChangesCard brand={brand} competitors={rivalsOnly(competitorList)} readOnly />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <StatTiles summary={summary.data} />
      <AdDiscoveryCard brand={brand} competitors={competitorList} />
      <TikTokAdsCard brand={brand} competitors={competitorList} />
      <div className="grid items-start gap-6 2xl:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <CompetitorsCard
          brand={brand}
          competitors={competitors.data}
          competitorActions={(competitor) => <DiscoverAdsButton competitor={competitor} />}
        />
        <AdLibraryCard brand={brand} competitors={competitors.data} />
      </div>
      <WhatChangedCard brand={brand} />
      <CompetitiveReports
        brand={brand}
        readiness={{ competitors: competitors.data && rivalsOnly(competitors.data).length, ads: summary.data?.ads }}
      />
      <PageChangesCard brand={brand} competitors={rivalsOnly(competitorList)} />
      <DiscoveryBanner />
    </div>
  );
}

export default function CompetitorTrackingPage() {
  const { user } = useAuth();
  const brands = useBrands();
  // The brand is in the address with the ad library's filters, so a copied link shows the same view.
  const [params, setParams] = useSearchParams();
  const chosenBrandId = params.get('brand');
  const brandList = brands.data ?? [];
  // The selected brand defaults to the first brand (SPEC §4).
  const selected = brandList.find((brand) => brand.id === chosenBrandId) ?? brandList[0] ?? null;
  // Another brand has other competitors: its library opens unfiltered.
  const chooseBrand = (brandId: string) => setParams(new URLSearchParams({ brand: brandId }));
  const plan = user?.workspacePlanType;
  // The ad market is a setting of tracking to come: not offered where nothing can change.
  const canChange = selected !== null && moduleReadOnlyState(plan, selected, 'competitorTracking') === null;

  return (
    <>
      <PageHeader
        title="Competitor Tracking"
        description="Follow your competitors' ads and see how your positioning compares"
        actions={
          selected && (
            <>
              {canChange && <AdMarketSelector brand={selected} />}
              <BrandSelector id="tracking-brand" brands={brandList} selectedId={selected.id} onSelect={chooseBrand} />
            </>
          )
        }
      />
      {brands.error ? (
        <LoadErrorAlert error={brands.error} what="your brands" onRetry={() => void brands.refetch()} />
      ) : brands.data === undefined ? (
        <Skeleton className="h-64 w-full rounded-xl" />
      ) : !selected ? (
        plan !== undefined && planLacks(plan, 'competitorTracking') ? (
          <TrackingUpgrade plan={plan} />
        ) : (
          <NoBrandYet />
        )
      ) : (
        <BrandTracking key={selected.id} brand={selected} plan={plan} />
      )}
    </>
  );
}
