import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { attachmentsOnlyMessage, CHAT_HISTORY_TO_MODEL, type Attachment, type ChatMode, type ChatReply } from '@contract/chat';
import type { Persona } from '@contract/personas';
import type { KnowledgeOption } from '@contract/search';
import { toast } from '@/components/ui/use-toast';
import { conversationQueryOptions } from '../api/get-conversation';
import { conversationsQueryOptions } from '../api/get-conversations';
import { ChatSendError, streamChat } from '../api/send-chat';
import { fromStored, localId, pickOne, type ChatMessage } from '../lib/chat-message';
import { createPreviewStore } from '../lib/preview-store';
import { GREETING_MS_PER_CHAR, REPLY_PAUSE_MS, typingDuration, visibleChars } from '../lib/typing';

export interface SendInput {
  text: string;
  attachments: Attachment[];
  generateImage: boolean;
  /** "Search my files": answer from passages of the user's files. */
  knowledge?: KnowledgeOption;
}

/** A notice shown in the conversation instead of a failure toast (403 premium_required). */
export interface UpgradeNotice {
  message: string;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the Continue button under a cut-off reply sends, as the user's next message. */
export const CONTINUE_MESSAGE = 'Please continue from where you stopped.';

/**
 * The conversation on screen and SPEC §4 "Sending": blocked while in flight or empty; the user
 * message, the greeting typed while the request runs, then the streamed reply shown as it arrives
 * (no earlier than the greeting plus the 300 ms pause), then the assistant message.
 */
export function useChatSession({ persona, mode, onReply }: { persona: Persona; mode: ChatMode; onReply?(message: ChatMessage): void }) {
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [upgradeNotice, setUpgradeNotice] = useState<UpgradeNotice | null>(null);
  const [loadingConversation, setLoadingConversation] = useState(false);
  /** Changes whenever another conversation (or a new chat) takes the screen, not when a new chat gets its id. */
  const [viewId, setViewId] = useState(0);
  const preview = useMemo(createPreviewStore, []);
  // Read inside send() without making it change on every message.
  const latest = useRef({ messages, conversationId, persona, mode, sending, onReply });
  latest.current = { messages, conversationId, persona, mode, sending, onReply };
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  const send = useCallback(
    (input: SendInput): boolean => {
      const { messages: history, conversationId: currentConversation, persona: speaker, mode: currentMode, sending: busy } = latest.current;
      const text = input.text.trim();
      if (busy || (text === '' && input.attachments.length === 0)) return false;
      const content = text || attachmentsOnlyMessage(input.attachments.length);
      const userMessage: ChatMessage = {
        id: localId(),
        role: 'user',
        content,
        timestamp: new Date().toISOString(),
        attachments: input.attachments.length > 0 ? input.attachments : undefined,
      };
      setMessages((all) => [...all, userMessage]);
      setSending(true);
      setUpgradeNotice(null);
      latest.current.sending = true;
      void runExchange({ content, history, currentConversation, speaker, currentMode, input });
      return true;
    },
    // Stable on purpose: it reads the latest values through `latest`, so the memoised composer never re-renders for it.
    [],
  );

  async function runExchange(args: {
    content: string;
    history: ChatMessage[];
    currentConversation: string | null;
    speaker: Persona;
    currentMode: ChatMode;
    input: SendInput;
  }) {
    const controller = new AbortController();
    abortRef.current = controller;
    const greeting = pickOne(args.speaker.greetingPhrases) ?? '';
    const startedAt = performance.now();
    const revealAt = startedAt + typingDuration(greeting, GREETING_MS_PER_CHAR) + REPLY_PAUSE_MS;
    let received = '';
    let frame = 0;
    const render = () => {
      frame = 0;
      const now = performance.now();
      if (now >= revealAt && received !== '') {
        preview.set({ phase: 'streaming', text: received, thinking: false, startedAt });
        return;
      }
      const shown = greeting.slice(0, visibleChars(greeting, GREETING_MS_PER_CHAR, now - startedAt));
      const thinking = shown.length === greeting.length;
      const current = preview.get();
      if (current?.phase !== 'greeting' || current.text !== shown || current.thinking !== thinking) {
        preview.set({ phase: 'greeting', text: shown, thinking, startedAt });
      }
      frame = requestAnimationFrame(render);
    };
    render();
    try {
      const reply: ChatReply = await streamChat(
        {
          message: args.content,
          // Only the last CHAT_HISTORY_TO_MODEL reach the model; a 1,000-message conversation need not upload all of them on every send.
          messages: args.history.slice(-CHAT_HISTORY_TO_MODEL).map((m) => ({ role: m.role, content: m.content })),
          character: args.speaker.id,
          mode: args.currentMode,
          generateImage: args.input.generateImage,
          attachments: args.input.attachments.length > 0 ? args.input.attachments : undefined,
          conversationId: args.currentConversation ?? undefined,
          knowledge: args.input.knowledge,
        },
        {
          signal: controller.signal,
          onDelta(text) {
            received += text;
            if (frame === 0) frame = requestAnimationFrame(render);
          },
        },
      );
      const remaining = revealAt - performance.now();
      if (remaining > 0) await wait(remaining);
      cancelAnimationFrame(frame);
      const assistant: ChatMessage = {
        id: reply.messageId,
        serverId: reply.messageId,
        role: 'assistant',
        content: reply.content || 'No response received',
        timestamp: new Date().toISOString(),
        image: reply.image,
        responseTime: reply.responseTime,
        status: reply.status,
        historyOmitted: reply.historyOmitted,
        citations: reply.citations,
      };
      setMessages((all) => [...all, assistant]);
      setConversationId(reply.conversationId);
      latest.current.onReply?.(assistant);
      void queryClient.invalidateQueries({ queryKey: conversationsQueryOptions().queryKey });
    } catch (error) {
      cancelAnimationFrame(frame);
      const failure = error instanceof ChatSendError ? error : new ChatSendError('failed', String(error));
      if (failure.kind === 'premium_required') setUpgradeNotice({ message: failure.message });
      else if (failure.kind === 'limited') toast({ title: 'Please wait', description: failure.message, variant: 'destructive' });
      else if (failure.kind === 'too_long') toast({ title: 'Message too long', description: failure.message, variant: 'destructive' });
      else if (failure.kind === 'failed') toast({ title: 'Error', description: 'Failed to send message. Please try again.', variant: 'destructive' });
    } finally {
      preview.set(null);
      if (abortRef.current === controller) abortRef.current = null;
      latest.current.sending = false;
      setSending(false);
    }
  }

  /** Asks the model to go on after a reply it cut off; false while another send is in flight. */
  const continueReply = useCallback(() => send({ text: CONTINUE_MESSAGE, attachments: [], generateImage: false }), [send]);

  const setFeedback = useCallback((id: string, feedback: ChatMessage['feedback']) => {
    setMessages((all) => all.map((m) => (m.id === id ? { ...m, feedback } : m)));
  }, []);

  const newChat = useCallback(() => {
    abortRef.current?.abort();
    setMessages([]);
    setViewId((view) => view + 1);
    setConversationId(null);
    setUpgradeNotice(null);
  }, []);

  const openConversation = useCallback(
    async (id: string) => {
      abortRef.current?.abort();
      setLoadingConversation(true);
      try {
        const detail = await queryClient.fetchQuery({ ...conversationQueryOptions(id), staleTime: 0 });
        setMessages(detail.messages.map(fromStored));
        setViewId((view) => view + 1);
        setConversationId(detail.conversation.id);
        setUpgradeNotice(null);
        return detail.conversation;
      } catch {
        toast({ title: 'Error', description: 'Could not open that conversation.', variant: 'destructive' });
        return null;
      } finally {
        setLoadingConversation(false);
      }
    },
    [queryClient],
  );

  return {
    messages,
    viewId,
    conversationId,
    sending,
    upgradeNotice,
    loadingConversation,
    preview,
    send,
    continueReply,
    setFeedback,
    newChat,
    openConversation,
  };
}
