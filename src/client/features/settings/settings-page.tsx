import { PageHeader } from '../../components/layout/page-header.tsx';
import { ApiTokensCard } from './api-tokens-card.tsx';
import { DangerZoneCard } from './danger-zone-card.tsx';
import { DataExportCard } from './data-export-card.tsx';
import { HelpCard } from './help-card.tsx';
import { MobileAppCard } from './mobile-app-card.tsx';
import { NotificationsCard } from './notifications-card.tsx';
import { ProfileCard } from './profile-card.tsx';
import { SubscriptionCard } from './subscription-card.tsx';
import { TeamCard } from './team-card.tsx';

export default function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" description="Manage your account and subscription" />
      <div className="space-y-6">
        <ProfileCard />
        <SubscriptionCard />
        <TeamCard />
        <ApiTokensCard />
        <NotificationsCard />
        <DataExportCard />
        <DangerZoneCard />
        <HelpCard />
        <MobileAppCard />
      </div>
    </>
  );
}
