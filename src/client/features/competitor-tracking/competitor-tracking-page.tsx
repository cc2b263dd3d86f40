import { PageHeader } from '../../components/layout/page-header.tsx';

export default function CompetitorTrackingPage() {
  return <PageHeader title="Competitor Tracking" />;
}
