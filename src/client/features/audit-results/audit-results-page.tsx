import { PageHeader } from '../../components/layout/page-header.tsx';

export default function AuditResultsPage() {
  return <PageHeader title="Audit Report" />;
}
