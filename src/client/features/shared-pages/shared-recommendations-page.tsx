import { PageHeader } from '../../components/layout/page-header.tsx';
import { PublicLayout } from './public-layout.tsx';

export default function SharedRecommendationsPage() {
  return (
    <PublicLayout>
      <PageHeader title="Marketing Recommendations" />
    </PublicLayout>
  );
}
