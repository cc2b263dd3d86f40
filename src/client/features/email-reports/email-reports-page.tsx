import { PageHeader } from '../../components/layout/page-header.tsx';

export default function EmailReportsPage() {
  return <PageHeader title="Email Reports" />;
}
