import { LifeBuoy, Mail, MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { ContactSupportDialog } from '../support/contact-support-dialog.tsx';
import { LiveChatDialog } from '../support/live-chat-dialog.tsx';
import { useSupportChat } from '../support/use-support-chat.ts';

type OpenDialog = 'chat' | 'contact' | null;

/**
 * SPEC §2 Settings' Help card: Live Chat and Contact Form. The two dialogs hand over to each other:
 * the chat's fallback offers a person (the contact form), a failed send offers the chat.
 */
export function HelpCard() {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const chat = useSupportChat();
  const openOrClose = (which: Exclude<OpenDialog, null>) => (open: boolean) =>
    setDialog((current) => (open ? which : current === which ? null : current));

  return (
    <Card aria-labelledby="help-card-title">
      <CardHeader>
        <CardTitle id="help-card-title" className="flex items-center gap-2">
          <LifeBuoy aria-hidden="true" className="size-5 text-primary" />
          Help & Support
        </CardTitle>
        <CardDescription>Ask the assistant, or send our team a message: we reply within 24 hours.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row">
        <Button variant="outline" onClick={() => setDialog('chat')}>
          <MessageCircle aria-hidden="true" />
          Live Chat
        </Button>
        <Button variant="outline" onClick={() => setDialog('contact')}>
          <Mail aria-hidden="true" />
          Contact Form
        </Button>
      </CardContent>
      <LiveChatDialog
        chat={chat}
        open={dialog === 'chat'}
        onOpenChange={openOrClose('chat')}
        onContact={() => setDialog('contact')}
      />
      <ContactSupportDialog
        open={dialog === 'contact'}
        onOpenChange={openOrClose('contact')}
        onLiveChat={() => setDialog('chat')}
      />
    </Card>
  );
}
