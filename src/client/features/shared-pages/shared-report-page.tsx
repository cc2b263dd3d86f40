import { PageHeader } from '../../components/layout/page-header.tsx';
import { PublicLayout } from './public-layout.tsx';

export default function SharedReportPage() {
  return (
    <PublicLayout>
      <PageHeader title="Brand Audit Report" />
    </PublicLayout>
  );
}
