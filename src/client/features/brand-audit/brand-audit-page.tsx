import { useState } from 'react';
import { plans } from '../../../shared/plans.ts';
import type { TBrand } from '../../../shared/schemas/brands.ts';
import { PageHeader } from '../../components/layout/page-header.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useAuth } from '../../hooks/use-auth.ts';
import { useAudits, useBrands } from '../audits-shared/audit-queries.ts';
import { LoadErrorAlert } from '../audits-shared/load-error-alert.tsx';
import { planLimitsAudits, UpgradePrompt } from '../audits-shared/upgrade-prompt.tsx';
import { AuditStarterCard } from './audit-starter-card.tsx';
import { BrandList, EditBrandDialog } from './brand-list.tsx';
import { PreviousAudits } from './previous-audits.tsx';
import { BrandScoreHistoryCard } from './score-history-card.tsx';

export default function BrandAuditPage() {
  const { user } = useAuth();
  const brands = useBrands();
  const audits = useAudits();
  const [chosenBrandId, setChosenBrandId] = useState<string | null>(null);
  const [editing, setEditing] = useState<TBrand | null>(null);

  const loadError = brands.error ?? audits.error;
  const brandList = brands.data ?? [];
  // The selected brand defaults to the first brand (SPEC §4).
  const selectedBrandId = brandList.some((brand) => brand.id === chosenBrandId)
    ? chosenBrandId
    : (brandList[0]?.id ?? null);
  const busyBrandIds = new Set(
    (audits.data ?? []).filter((audit) => audit.status === 'processing').map((audit) => audit.brandId),
  );
  const plan = user?.workspacePlanType;
  const showUpgrade = brandList.length > 0 && (audits.data?.length ?? 0) > 0 && planLimitsAudits(plan);
  // With the plan's audits used up, the cards offer the upgrade instead of Re-run (the server would refuse).
  const upgradeToRerun = plan && user?.auditsRemaining === 0 ? plans[plan].upgradeTo : null;
  const selectedBrand = brandList.find((brand) => brand.id === selectedBrandId);
  const readOnlyReasons = new Map(
    brandList.flatMap((brand) => (brand.readOnly && brand.readOnlyReason ? [[brand.id, brand.readOnlyReason]] : [])),
  );

  return (
    <>
      <PageHeader title="Brand Audit" description="Analyse your brand's digital presence with AI-powered insights" />
      <div className="space-y-8">
        {loadError && (
          <LoadErrorAlert
            error={loadError}
            what="your brands and audits"
            onRetry={() => {
              void brands.refetch();
              void audits.refetch();
            }}
          />
        )}
        {brands.data === undefined ? (
          brands.error ? null : (
            <Skeleton className="h-56 w-full rounded-xl" />
          )
        ) : (
          <div className={brandList.length > 0 ? 'grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]' : ''}>
            <AuditStarterCard
              brands={brandList}
              maxBrands={user?.maxBrands ?? 1}
              planType={plan}
              selectedBrandId={selectedBrandId}
              onSelectBrand={setChosenBrandId}
              busyBrandIds={busyBrandIds}
              onEditBrand={setEditing}
            />
            {brandList.length > 0 && (
              <BrandList
                brands={brandList}
                selectedBrandId={selectedBrandId}
                onSelect={setChosenBrandId}
                onEdit={setEditing}
              />
            )}
          </div>
        )}
        {selectedBrand && <BrandScoreHistoryCard brandId={selectedBrand.id} brandName={selectedBrand.name} />}
        {showUpgrade && plan && <UpgradePrompt reason="audit_limit" planType={plan} />}
        {!audits.error && (
          <PreviousAudits
            audits={audits.data}
            list={audits}
            upgradeToRerun={upgradeToRerun}
            readOnlyReasons={readOnlyReasons}
          />
        )}
      </div>
      <EditBrandDialog brand={editing} onClose={() => setEditing(null)} />
    </>
  );
}
