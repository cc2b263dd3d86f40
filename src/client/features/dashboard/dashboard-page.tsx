import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { PageHeader } from '../../components/layout/page-header.tsx';
import { useAuth } from '../../hooks/use-auth.ts';
import { clearSelectedPlan, getSelectedPlan } from '../../lib/storage.ts';
import { RecentlyCompleted, RecommendedActions } from '../action-items/recommended-actions.tsx';
import { useAudits, useBrands } from '../audits-shared/audit-queries.ts';
import { LoadErrorAlert } from '../audits-shared/load-error-alert.tsx';
import { BrandsScoreHistoryCard, useScoreHistory } from '../brand-audit/score-history-card.tsx';
import { completedAudits, dashboardStats, RECENT_AUDIT_COUNT } from './dashboard-stats.ts';
import { ExploreModules } from './explore-modules.tsx';
import { RecentAudits } from './recent-audits.tsx';
import { StarterUpgradeBanner } from './starter-upgrade-banner.tsx';
import { StatCards } from './stat-cards.tsx';

export default function DashboardPage() {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const brands = useBrands();
  const audits = useAudits();
  // Every completed audit's score, for the stat cards: the audit list holds one page at a time.
  const history = useScoreHistory(null);

  // A paid monthly plan chosen before signing in continues to the subscribe screen (SPEC §4).
  useEffect(() => {
    const plan = getSelectedPlan();
    // The choice is handed on once, in the address, so the dashboard stays reachable afterwards.
    if (plan === 'smb' || plan === 'agency') {
      clearSelectedPlan();
      navigate(`/subscribe?plan=${plan}`);
    }
  }, [navigate]);

  const loadError = brands.error ?? audits.error;
  const firstName = user?.firstName?.trim() || 'there';
  const loaded = brands.data !== undefined && audits.data !== undefined && (history.data || history.isError);
  const stats = loaded
    ? dashboardStats(audits.data ?? [], brands.data?.length ?? 0, user?.maxBrands ?? 1, history.data)
    : null;
  const recent = audits.data ? completedAudits(audits.data).slice(0, RECENT_AUDIT_COUNT) : null;
  // The Starter offer is for plans it would lift a limit on (DESIGN §7.9): the free plan. It reads
  // the plan the user works under, and never shows to a team member, who cannot buy for the agency.
  const ownWorkspaceOnFree = user?.agencyOwnerId === null && user.workspacePlanType === 'free';
  const showUpgrade = stats !== null && stats.completedAudits > 0 && stats.brandCount > 0 && ownWorkspaceOnFree;

  return (
    <>
      <PageHeader title={`Welcome back, ${firstName}`} description="Here's your brand performance overview" />
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
        {!loadError && <StatCards stats={stats} />}
        {showUpgrade && <StarterUpgradeBanner />}
        <ExploreModules />
        {!audits.error && <RecentAudits audits={recent} />}
        {!loadError && (brands.data?.length ?? 0) > 0 && <BrandsScoreHistoryCard />}
        <RecommendedActions />
        <RecentlyCompleted />
      </div>
    </>
  );
}
