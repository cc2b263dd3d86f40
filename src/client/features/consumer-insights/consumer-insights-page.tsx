import { PageHeader } from '../../components/layout/page-header.tsx';

export default function ConsumerInsightsPage() {
  return <PageHeader title="Consumer Insights" />;
}
