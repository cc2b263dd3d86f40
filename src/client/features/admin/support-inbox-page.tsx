import { PageHeader } from '../../components/layout/page-header.tsx';

export default function SupportInboxPage() {
  return <PageHeader title="Support Inbox" />;
}
