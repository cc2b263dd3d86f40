import { Mail } from 'lucide-react';
import { useId, useState } from 'react';
import type { TCompetitorReport } from '../../../../shared/schemas/competitor-reports.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { newRequestId } from '../../../lib/request-id.ts';
import { useEmailCompetitiveAnalysis } from './competitor-report-queries.ts';

/**
 * E-mails the latest competitive analysis with its PDF (SPEC §5: an address is required and send
 * is disabled without it; the message is optional). One request id per opening: Send pressed
 * twice is one message.
 */
export function ShareDialog({
  report,
  brandName,
  open,
  onOpenChange,
}: {
  report: TCompetitorReport;
  brandName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [requestId, setRequestId] = useState(newRequestId);
  const emailId = useId();
  const messageId = useId();
  const close = () => {
    onOpenChange(false);
    setEmail('');
    setMessage('');
    setRequestId(newRequestId());
  };
  const send = useEmailCompetitiveAnalysis({ onSent: close });
  const address = email.trim();
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : !send.isPending && close())}>
      <DialogContent className="sm:max-w-md">
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (address) send.mutate({ email: address, message: message.trim(), reportId: report.id, requestId });
          }}
        >
          <DialogHeader>
            <DialogTitle>Share Competitive Analysis</DialogTitle>
            <DialogDescription>
              Send the latest {brandName} competitive analysis, with its PDF attached, to an e-mail address.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={emailId}>Email address</Label>
            <Input
              id={emailId}
              type="email"
              autoComplete="email"
              placeholder="name@example.com"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              required
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={messageId}>Message (optional)</Label>
            <Textarea
              id={messageId}
              rows={3}
              placeholder="Add a note for the recipient"
              value={message}
              onChange={(event) => setMessage(event.target.value)}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close} disabled={send.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!address || send.isPending}>
              <Mail aria-hidden="true" />
              {send.isPending ? 'Sending...' : 'Send Email'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
