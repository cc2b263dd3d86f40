import { Mail } from 'lucide-react';
import { useId, useState } from 'react';
import type { TBrand } from '../../../../shared/schemas/brands.ts';
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
import { useEmailReport } from './sentiment-report-queries.ts';

/**
 * E-mails the brand's consumer insights report (SPEC §5: an address is required and send is
 * disabled without it; the message is optional; the server checks the address).
 */
export function EmailReportDialog({
  brand,
  open,
  onOpenChange,
}: {
  brand: TBrand;
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
  const send = useEmailReport(brand, { onSent: close });
  const address = email.trim();

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : !send.isPending && close())}>
      <DialogContent className="sm:max-w-md">
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (address) send.mutate({ email: address, message: message.trim(), requestId });
          }}
        >
          <DialogHeader>
            <DialogTitle>Email Report</DialogTitle>
            <DialogDescription>
              Send the {brand.name} consumer insights report, with its PDF attached, to an e-mail address.
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
