import { useEffect, useRef, useState } from 'react';

/** SPEC §2: the dashboard's local chat answers after 1 s, with no server call. */
export const CANNED_REPLY_DELAY_MS = 1_000;

/** What the canned reply offers, as keys of dashboard:assistant.options (said in the page's language when shown). */
export const HELP_OPTIONS = ['email', 'contract', 'report', 'analyse', 'proposal'] as const;

/** The assistant's two canned replies, by name: the text is looked up when drawn, so a language switch reaches them. */
export type CannedReply = 'greeting' | 'help';

export type CannedMessage = { id: number; role: 'user'; text: string } | { id: number; role: 'assistant'; reply: CannedReply; options?: typeof HELP_OPTIONS };

const GREETING: CannedMessage = { id: 0, role: 'assistant', reply: 'greeting' };

export function useCannedChat() {
  const [messages, setMessages] = useState<CannedMessage[]>([GREETING]);
  const [replying, setReplying] = useState(false);
  const nextId = useRef(1);
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);

  function send(text: string) {
    const trimmed = text.trim();
    if (!trimmed) return;
    setMessages((list) => [...list, { id: nextId.current++, role: 'user', text: trimmed }]);
    setReplying(true);
    const timer = window.setTimeout(() => {
      setMessages((list) => [...list, { id: nextId.current++, role: 'assistant', reply: 'help', options: HELP_OPTIONS }]);
      setReplying(false);
    }, CANNED_REPLY_DELAY_MS);
    timers.current.push(timer);
  }

  return { messages, replying, send };
}
