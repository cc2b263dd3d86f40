import { useCallback, useEffect, useRef, useState } from 'react';
import { SUPPORT_CHAT_GREETING, SUPPORT_CHAT_REPLY_DELAY_MS, supportChatReply } from '../../../shared/support-chat.ts';

export type ChatMessage = {
  id: number;
  from: 'visitor' | 'assistant';
  text: string;
  /** The assistant's fallback: offer the contact form, where a person answers */
  offersHumanAgent?: boolean;
};

const greeting: ChatMessage = { id: 0, from: 'assistant', text: SUPPORT_CHAT_GREETING };

/**
 * The live chat's conversation. It lives with whoever opens the dialog, so closing and reopening
 * the dialog keeps it; each question gets its scripted answer 1.5 seconds later.
 */
export function useSupportChat() {
  const [messages, setMessages] = useState<ChatMessage[]>([greeting]);
  const [pendingReplies, setPendingReplies] = useState(0);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  /** Sends a question; blank text sends nothing. Returns whether it was sent. */
  const send = useCallback((text: string): boolean => {
    const question = text.trim();
    if (!question) return false;
    setMessages((current) => [...current, { id: nextId.current++, from: 'visitor', text: question }]);
    setPendingReplies((count) => count + 1);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      const reply = supportChatReply(question);
      setMessages((current) => [
        ...current,
        { id: nextId.current++, from: 'assistant', text: reply.text, offersHumanAgent: reply.offersHumanAgent },
      ]);
      setPendingReplies((count) => count - 1);
    }, SUPPORT_CHAT_REPLY_DELAY_MS);
    timers.current.add(timer);
    return true;
  }, []);

  return {
    messages,
    /** The assistant is writing an answer */
    replying: pendingReplies > 0,
    /** Quick questions are offered only until the visitor has sent something (SPEC §2). */
    hasAsked: messages.some((message) => message.from === 'visitor'),
    send,
  };
}

export type SupportChat = ReturnType<typeof useSupportChat>;
