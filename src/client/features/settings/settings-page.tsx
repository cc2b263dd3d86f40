import { PageHeader } from '../../components/layout/page-header.tsx';
import { ApiTokensCard } from './api-tokens-card.tsx';
import { SubscriptionCard } from './subscription-card.tsx';

export default function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" description="Manage your account and subscription" />
      <div className="space-y-6">
        <SubscriptionCard />
        <ApiTokensCard />
      </div>
    </>
  );
}
