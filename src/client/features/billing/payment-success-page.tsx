import { PageHeader } from '../../components/layout/page-header.tsx';

export default function PaymentSuccessPage() {
  return <PageHeader title="Payment Status" />;
}
