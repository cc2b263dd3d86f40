import { Send } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { useSendEmailReportNow } from './email-report-queries.ts';

/** 'Send now': the report as it would go out, sent at once to the signed-in user only (a preview). */
export function SendNowButton({ reportId }: { reportId: string }) {
  const send = useSendEmailReportNow();
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label="Send now"
      title="Send a preview of this report to yourself"
      onClick={() => send.mutate(reportId)}
      disabled={send.isPending}
    >
      <Send aria-hidden="true" />
      {/* On a phone the icon alone leaves the report's name and schedule room. */}
      <span className="hidden sm:inline">{send.isPending ? 'Sending...' : 'Send now'}</span>
    </Button>
  );
}
