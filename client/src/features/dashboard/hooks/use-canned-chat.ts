import { useEffect, useRef, useState } from 'react';

/** SPEC §2: the dashboard's local chat answers after 1 s, with no server call. */
export const CANNED_REPLY_DELAY_MS = 1_000;

export const HELP_OPTIONS = [
  'Write a professional email',
  'Draft a contract or HR policy',
  'Create a business report',
  'Analyse a document you upload',
  'Plan a project proposal',
] as const;

export type CannedMessage =
  | { id: number; role: 'user'; text: string }
  | { id: number; role: 'assistant'; text: string; options?: readonly string[] };

const GREETING: CannedMessage = { id: 0, role: 'assistant', text: 'Hi! I am your Genie assistant. What would you like to work on today?' };

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
      setMessages((list) => [...list, { id: nextId.current++, role: 'assistant', text: 'I can help you with:', options: HELP_OPTIONS }]);
      setReplying(false);
    }, CANNED_REPLY_DELAY_MS);
    timers.current.push(timer);
  }

  return { messages, replying, send };
}
