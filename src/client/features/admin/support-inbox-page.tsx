import { Mail } from 'lucide-react';
import { Link } from 'wouter';
import { PageHeader } from '../../components/layout/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { AdminOnly } from './admin-only.tsx';

export default function SupportInboxPage() {
  return (
    <AdminOnly>
      <PageHeader
        title="Support Inbox"
        actions={
          <Button variant="outline" size="sm" asChild>
            <Link href="/admin/outbox">
              <Mail aria-hidden="true" />
              Mail Outbox
            </Link>
          </Button>
        }
      />
    </AdminOnly>
  );
}
