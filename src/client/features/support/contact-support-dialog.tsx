import { CircleCheck, Send } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { TCurrentUser } from '../../../shared/schemas/auth.ts';
import {
  fillAllFieldsMessage,
  MAX_SUPPORT_MESSAGE_LENGTH,
  MAX_SUPPORT_NAME_LENGTH,
  MAX_SUPPORT_SUBJECT_LENGTH,
  supportPriorities,
  supportPriorityLabels,
  type TSupportPriority,
} from '../../../shared/schemas/support.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { ToastAction } from '../../components/ui/toast.tsx';
import { useAuth } from '../../hooks/use-auth.ts';
import { toast } from '../../hooks/use-toast.ts';
import { errorDisplayMessage, isUnauthorizedError } from '../../lib/api.ts';
import { notifyError } from '../audits-shared/notify-error.ts';
import { useSendSupportMessage } from './support-queries.ts';

/** SPEC §2: the form is reset this long after the dialog closes, once its closing animation is over. */
export const CONTACT_RESET_DELAY_MS = 300;

function fullName(user: TCurrentUser | null | undefined): string {
  return [user?.firstName?.trim(), user?.lastName?.trim()].filter(Boolean).join(' ');
}

type Fields = { name: string; email: string; subject: string; priority: TSupportPriority; message: string };

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/** Replies the server gives about the message itself (validation, size, rate limit) say what to change. */
const explainsItself = (error: unknown) => /^(400|413|429): /.test(error instanceof Error ? error.message : '');

/**
 * SPEC §2 Contact support: name and e-mail prefilled from the signed-in user, subject, priority and
 * message; 'Message Sent' promises a reply within 24 hours; the form resets 300 ms after closing.
 * A failure keeps what was typed and offers the live chat (`onLiveChat`).
 */
export function ContactSupportDialog({
  open,
  onOpenChange,
  onLiveChat,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onLiveChat: () => void;
}) {
  const { user } = useAuth();
  const prefilled = (): Fields => ({
    name: fullName(user),
    email: user?.email ?? '',
    subject: '',
    priority: 'normal',
    message: '',
  });
  const [fields, setFields] = useState<Fields>(prefilled);
  const [sent, setSent] = useState(false);
  const [missing, setMissing] = useState(false);
  const send = useSendSupportMessage();
  const ids = { name: useId(), email: useId(), subject: useId(), priority: useId(), message: useId() };
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  // The dialog lives as long as the page: a name saved in Settings since, or a user read after the
  // form was first made, fills whatever name or e-mail is still empty when it opens.
  useEffect(() => {
    if (!open || !user) return;
    setFields((current) => ({
      ...current,
      name: current.name.trim() ? current.name : fullName(user),
      email: current.email.trim() ? current.email : user.email,
    }));
  }, [open, user]);

  const set = (key: keyof Fields) => (value: string) => {
    setFields((current) => ({ ...current, [key]: value }));
    setMissing(false);
  };

  const changeOpen = (next: boolean) => {
    if (!next && send.isPending) return;
    onOpenChange(next);
    clearTimeout(resetTimer.current);
    if (!next) {
      resetTimer.current = setTimeout(() => {
        setFields(prefilled());
        setSent(false);
        setMissing(false);
        send.reset();
      }, CONTACT_RESET_DELAY_MS);
    }
  };

  const submit = () => {
    const { name, email, subject, message } = fields;
    if (![name, email, subject, message].every((value) => value.trim())) {
      setMissing(true);
      return;
    }
    setMissing(false);
    send.mutate(fields, {
      onSuccess: () => {
        setSent(true);
        toast({ title: 'Message sent successfully', description: "We'll reply within 24 hours." });
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) return notifyError(error, 'Failed to send message', '');
        toast({
          title: 'Failed to send message',
          description: explainsItself(error)
            ? errorDisplayMessage(error, 'Please try again or use live chat instead.')
            : 'Please try again or use live chat instead.',
          variant: 'destructive',
          action: (
            <ToastAction altText="Open the live chat" onClick={onLiveChat}>
              Live Chat
            </ToastAction>
          ),
        });
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="sm:max-w-lg">
        {sent ? (
          <div className="flex flex-col items-center px-2 py-6 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-success/15 text-success">
              <CircleCheck aria-hidden="true" className="size-6" />
            </span>
            <DialogTitle className="mt-4">Message Sent</DialogTitle>
            <DialogDescription className="mt-2 max-w-sm">
              Thank you for contacting us. Our support team will reply to {fields.email.trim()} within 24 hours.
            </DialogDescription>
            <Button className="mt-6" onClick={() => changeOpen(false)}>
              Close
            </Button>
          </div>
        ) : (
          <form
            className="grid gap-4"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <DialogHeader>
              <DialogTitle>Contact Support</DialogTitle>
              <DialogDescription>Send a message to our support team and we'll reply within 24 hours.</DialogDescription>
            </DialogHeader>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id={ids.name} label="Name">
                <Input
                  id={ids.name}
                  autoComplete="name"
                  maxLength={MAX_SUPPORT_NAME_LENGTH}
                  value={fields.name}
                  onChange={(event) => set('name')(event.target.value)}
                />
              </Field>
              <Field id={ids.email} label="Email">
                <Input
                  id={ids.email}
                  type="email"
                  autoComplete="email"
                  value={fields.email}
                  onChange={(event) => set('email')(event.target.value)}
                />
              </Field>
            </div>
            <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_9rem]">
              <Field id={ids.subject} label="Subject">
                <Input
                  id={ids.subject}
                  placeholder="What do you need help with?"
                  maxLength={MAX_SUPPORT_SUBJECT_LENGTH}
                  value={fields.subject}
                  onChange={(event) => set('subject')(event.target.value)}
                />
              </Field>
              <Field id={ids.priority} label="Priority">
                <Select value={fields.priority} onValueChange={set('priority')}>
                  <SelectTrigger id={ids.priority} className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {supportPriorities.map((priority) => (
                      <SelectItem key={priority} value={priority}>
                        {supportPriorityLabels[priority]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </Field>
            </div>
            <Field id={ids.message} label="Message">
              <Textarea
                id={ids.message}
                rows={5}
                placeholder="Tell us what happened, and what you expected to happen."
                maxLength={MAX_SUPPORT_MESSAGE_LENGTH}
                value={fields.message}
                onChange={(event) => set('message')(event.target.value)}
              />
            </Field>
            {missing && (
              <p role="alert" className="text-destructive text-sm">
                {fillAllFieldsMessage}
              </p>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => changeOpen(false)} disabled={send.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={send.isPending}>
                <Send aria-hidden="true" />
                {send.isPending ? 'Sending...' : 'Send Message'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
