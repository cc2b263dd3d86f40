import { Bot, Mail, MessageCircle, SendHorizontal } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { supportQuickQuestions } from '../../../shared/support-chat.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { cn } from '../../lib/utils.ts';
import type { ChatMessage, SupportChat } from './use-support-chat.ts';

function MessageBubble({ message, onContact }: { message: ChatMessage; onContact: () => void }) {
  const mine = message.from === 'visitor';
  return (
    <li className={cn('flex', mine ? 'justify-end' : 'justify-start')} data-testid={`chat-${message.from}`}>
      <div
        className={cn(
          'max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-sm',
          mine ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted text-foreground',
        )}
      >
        {!mine && <span className="sr-only">Brandlens assistant: </span>}
        {message.text}
        {message.offersHumanAgent && (
          <Button size="sm" variant="outline" className="mt-2 flex bg-background" onClick={onContact}>
            <Mail aria-hidden="true" />
            Contact a human agent
          </Button>
        )}
      </div>
    </li>
  );
}

function TypingIndicator() {
  return (
    <li className="flex justify-start" aria-label="The assistant is typing">
      <div className="flex items-center gap-1 rounded-2xl rounded-bl-sm bg-muted px-3.5 py-3" aria-hidden="true">
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            className="size-1.5 animate-bounce rounded-full bg-muted-foreground/70"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </div>
    </li>
  );
}

/**
 * SPEC §2 Live chat: scripted answers by keyword after 1.5 s, quick questions until the first
 * message, Enter sends and shift+Enter starts a new line, Send disabled for blank text. The
 * fallback answer's button hands over to the contact form (`onContact`).
 */
export function LiveChatDialog({
  chat,
  open,
  onOpenChange,
  onContact,
}: {
  chat: SupportChat;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onContact: () => void;
}) {
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const endRef = useRef<HTMLDivElement>(null);
  const { messages, replying, hasAsked, send } = chat;

  // Keep the newest message in view as the conversation grows.
  useEffect(() => {
    if (open && (messages.length > 0 || replying)) endRef.current?.scrollIntoView({ block: 'end' });
  }, [open, messages.length, replying]);

  const submit = () => {
    if (send(draft)) setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; shift+Enter is a new line; Enter that confirms an input method's word is neither.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[min(640px,90dvh)] flex-col gap-0 p-0 sm:max-w-md">
        <DialogHeader className="flex-row items-center gap-3 border-b px-5 py-4 text-left">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Bot aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <DialogTitle>Live Chat</DialogTitle>
            <DialogDescription>The Brandlens assistant usually replies in about 2 minutes</DialogDescription>
          </div>
        </DialogHeader>
        <div className="min-h-48 flex-1 overflow-y-auto px-5 py-4">
          <ol className="space-y-3" role="log" aria-live="polite" aria-label="Conversation">
            {messages.map((message) => (
              <MessageBubble key={message.id} message={message} onContact={onContact} />
            ))}
            {replying && <TypingIndicator />}
          </ol>
          {!hasAsked && (
            <div className="mt-4 space-y-2">
              <p className="text-muted-foreground text-xs">Quick questions</p>
              <div className="flex flex-col items-start gap-2">
                {supportQuickQuestions.map((question) => (
                  <Button
                    key={question}
                    variant="outline"
                    size="sm"
                    className="h-auto whitespace-normal py-1.5 text-left"
                    onClick={() => send(question)}
                  >
                    <MessageCircle aria-hidden="true" />
                    {question}
                  </Button>
                ))}
              </div>
            </div>
          )}
          <div ref={endRef} />
        </div>
        <form
          className="flex items-end gap-2 border-t px-5 py-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <label htmlFor={inputId} className="sr-only">
            Your message
          </label>
          <Textarea
            id={inputId}
            rows={1}
            placeholder="Type your message..."
            className="max-h-32 min-h-10 resize-none"
            value={draft}
            maxLength={2000}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <Button type="submit" size="icon" aria-label="Send" disabled={!draft.trim()}>
            <SendHorizontal aria-hidden="true" />
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
