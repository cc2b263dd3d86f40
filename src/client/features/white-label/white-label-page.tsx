import { PageHeader } from '../../components/layout/page-header.tsx';

export default function WhiteLabelPage() {
  return <PageHeader title="White Label" />;
}
