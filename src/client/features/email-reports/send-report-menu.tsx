import { ChevronDown, Eye, Send } from 'lucide-react';
import { useRef, useState } from 'react';
import type { TEmailReport } from '../../../shared/schemas/email-reports.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { newRequestId } from '../../lib/request-id.ts';
import { useSendEmailReportPreview, useSendEmailReportToRecipients } from './email-report-queries.ts';

const recipientsText = (count: number) => `${count} ${count === 1 ? 'recipient' : 'recipients'}`;

/**
 * 'Send to recipients now', confirmed first: it reaches people outside the account. The request
 * key is made when the dialog opens and kept until the send succeeds, so pressing again after an
 * error (the request may have arrived) or pressing twice never sends twice.
 */
function SendToRecipientsDialog({
  report,
  open,
  onOpenChange,
}: {
  report: TEmailReport;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const requestId = useRef<string | null>(null);
  const send = useSendEmailReportToRecipients({
    onSent: () => {
      requestId.current = null;
      onOpenChange(false);
    },
  });
  const press = () => {
    if (send.isPending) return;
    requestId.current ??= newRequestId();
    send.mutate({ id: report.id, requestId: requestId.current });
  };
  return (
    <AlertDialog open={open} onOpenChange={(next) => !send.isPending && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Send “{report.name}” to its recipients now?</AlertDialogTitle>
          <AlertDialogDescription>
            It goes now to {recipientsText(report.recipients.length)}: {report.recipients.join(', ')}. The schedule
            stays as it is.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={send.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            disabled={send.isPending}
            onClick={(event) => {
              event.preventDefault();
              press();
            }}
          >
            <Send aria-hidden="true" />
            {send.isPending ? 'Sending...' : 'Send to recipients now'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** The card's Send menu: a real send to the report's recipients, or a preview to the signed-in user only. */
export function SendReportMenu({ report }: { report: TEmailReport }) {
  const [confirming, setConfirming] = useState(false);
  const preview = useSendEmailReportPreview();
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="sm" aria-label={`Send ${report.name}`}>
            <Send aria-hidden="true" />
            {/* On a phone the icon alone leaves the report's name and schedule room. */}
            <span className="hidden sm:inline">{preview.isPending ? 'Sending...' : 'Send'}</span>
            <ChevronDown aria-hidden="true" className="size-3.5 opacity-60" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setConfirming(true)}>
            <Send aria-hidden="true" />
            Send to recipients now
          </DropdownMenuItem>
          <DropdownMenuItem disabled={preview.isPending} onSelect={() => preview.mutate(report.id)}>
            <Eye aria-hidden="true" />
            Send me a preview
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <SendToRecipientsDialog report={report} open={confirming} onOpenChange={setConfirming} />
    </>
  );
}
