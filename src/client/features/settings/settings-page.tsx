import { PageHeader } from '../../components/layout/page-header.tsx';
import { NotificationsCard } from './notifications-card.tsx';
import { ProfileCard } from './profile-card.tsx';
import { SubscriptionCard } from './subscription-card.tsx';

export default function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" description="Manage your account and subscription" />
      <div className="space-y-6">
        <ProfileCard />
        <SubscriptionCard />
        <NotificationsCard />
      </div>
    </>
  );
}
