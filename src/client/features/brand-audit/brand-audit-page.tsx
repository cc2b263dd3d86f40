import { PageHeader } from '../../components/layout/page-header.tsx';

export default function BrandAuditPage() {
  return (
    <PageHeader title="Brand Audit" description="Analyse your brand's digital presence with AI-powered insights" />
  );
}
