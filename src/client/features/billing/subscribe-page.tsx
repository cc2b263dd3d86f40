import { PageHeader } from '../../components/layout/page-header.tsx';

export default function SubscribePage() {
  return <PageHeader title="Subscribe" />;
}
