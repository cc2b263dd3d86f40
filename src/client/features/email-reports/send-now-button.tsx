import { Send } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { useSendEmailReportNow } from './email-report-queries.ts';

/** 'Send now': the report as it would go out, sent at once to the signed-in user only (a preview). */
export function SendNowButton({ reportId }: { reportId: string }) {
  const send = useSendEmailReportNow();
  return (
    <Button variant="ghost" size="sm" onClick={() => send.mutate(reportId)} disabled={send.isPending}>
      <Send aria-hidden="true" />
      {send.isPending ? 'Sending...' : 'Send now'}
    </Button>
  );
}
