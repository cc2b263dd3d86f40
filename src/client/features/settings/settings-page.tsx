import { PageHeader } from '../../components/layout/page-header.tsx';

export default function SettingsPage() {
  return <PageHeader title="Settings" />;
}
