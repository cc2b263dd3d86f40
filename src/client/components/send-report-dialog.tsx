import { Mail } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { newRequestId } from '../lib/request-id.ts';
import { Button } from './ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './ui/dialog.tsx';
import { Input } from './ui/input.tsx';
import { Label } from './ui/label.tsx';
import { Textarea } from './ui/textarea.tsx';

export type SendReportInput = { email: string; message: string; requestId: string };

/**
 * E-mails a report with its PDF (SPEC §5: an address is required and Send is disabled without it;
 * the message is optional; the server checks the address). One request id per opening of the
 * dialog, so Send pressed twice is one message. `send` resolves once sent: the dialog then closes
 * and resets; a failure keeps what was typed (its toast comes from the caller's mutation).
 */
export function SendReportDialog({
  title,
  description,
  open,
  onOpenChange,
  sending,
  send,
}: {
  title: string;
  description: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sending: boolean;
  send: (input: SendReportInput) => Promise<unknown>;
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
  const address = email.trim();

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : !sending && close())}>
      <DialogContent className="sm:max-w-md">
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!address) return;
            send({ email: address, message: message.trim(), requestId }).then(close, () => {});
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
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
            <Button type="button" variant="outline" onClick={close} disabled={sending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!address || sending}>
              <Mail aria-hidden="true" />
              {sending ? 'Sending...' : 'Send Email'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
