import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { attachmentsOnlyMessage, type ChatMode } from '@contract/chat';
import type { Persona } from '@contract/personas';
import { toast } from '@/components/ui/use-toast';
import { showBranch } from '../api/conversation-controls';
import { conversationQueryOptions, getConversationPage } from '../api/get-conversation';
import { fromStored, localId, type ChatMessage } from '../lib/chat-message';
import { MESSAGE_WINDOW_STEP } from '../components/message-list';
import { createPreviewStore } from '../lib/preview-store';
import { createToolActivityStore } from '../lib/tool-activity-store';
import type { ExchangeContext, SendInput, UpgradeNotice } from './exchange-context';
import { runExchange } from './run-exchange';
import { stopExchange } from './stop-exchange';
import { useExchangeControls } from './use-exchange-controls';
import { chatText } from '../texts';

export type { SendInput, UpgradeNotice } from './exchange-context';

/** Messages read first when a conversation opens: the window the message list settles on, so nothing it shows waits for the rest. */
const OPEN_PAGE_MESSAGES = MESSAGE_WINDOW_STEP;

/**
 * The conversation on screen and SPEC §4 "Sending": blocked while in flight or empty; the user
 * message, the greeting typed while the request runs, then the streamed reply shown as it arrives
 * (no earlier than the greeting plus the 300 ms pause), then the assistant message.
 */
export function useChatSession({
  persona,
  mode,
  onReply,
  onFailedText,
}: {
  persona: Persona;
  mode: ChatMode;
  onReply?(message: ChatMessage): void;
  /** A send that failed gives its text back to the composer. */
  onFailedText?(text: string): void;
}) {
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [conversationId, setConversationId] = useState<string | null>(null);
  /** The project the conversation is in, or a new chat starts in (issue 42); null for none. */
  const [projectId, setProjectId] = useState<string | null>(null);
  const projectRef = useRef<string | null>(null);
  projectRef.current = projectId;
  const [sending, setSending] = useState(false);
  const [upgradeNotice, setUpgradeNotice] = useState<UpgradeNotice | null>(null);
  const [loadingConversation, setLoadingConversation] = useState(false);
  /** Changes whenever another conversation (or a new chat) takes the screen, not when a new chat gets its id. */
  const [viewId, setViewId] = useState(0);
  const preview = useMemo(createPreviewStore, []);
  const toolActivity = useMemo(createToolActivityStore, []);
  // Read inside send() without making it change on every message.
  const latest = useRef({ messages, conversationId, persona, mode, sending, onReply, onFailedText });
  latest.current = { messages, conversationId, persona, mode, sending, onReply, onFailedText };
  const abortRef = useRef<AbortController | null>(null);
  /** Which opening of a conversation is on screen: the rest of a long one is added only to the opening that asked for it. */
  const openingRef = useRef(0);
  /** Set while the screen holds only a long conversation's newest page. */
  const historyPendingRef = useRef(false);

  /** Set while Stop is asking the server to stop: the stream's end is then no failure. */
  const stoppingRef = useRef(false);

  /** The conversation as stored: after a stop, a failure, a regenerate or an edit, the server knows the ids and variants. */
  const reload = useCallback(
    async (id: string) => {
      const detail = await queryClient.fetchQuery({ ...conversationQueryOptions(id), staleTime: 0 });
      setMessages(detail.messages.map(fromStored));
      setConversationId(detail.conversation.id);
    },
    [queryClient],
  );

  const begin = () => {
    setSending(true);
    setUpgradeNotice(null);
    latest.current.sending = true;
  };

  const exchange: ExchangeContext = {
    queryClient,
    preview,
    toolActivity,
    setMessages,
    setConversationId,
    setUpgradeNotice,
    setSending,
    reload,
    notify: toast,
    abortRef,
    stoppingRef,
    historyPendingRef,
    projectRef,
    latest,
  };

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
      begin();
      void runExchange(exchange, { content, history, currentConversation, speaker, currentMode, input, typed: input.text, localUserId: userMessage.id });
      return true;
    },
    // Stable on purpose: it reads the latest values through `latest`, so the memoised composer never re-renders for it.
    [],
  );

  /** Stop: the server aborts the reply and keeps what arrived (as stopped); the screen then shows what it stored. */
  const stop = useCallback(() => stopExchange(exchange, stoppingRef, () => latest.current.conversationId), [queryClient, reload]);

  const { regenerate, edit, continueReply } = useExchangeControls(exchange, latest, begin);

  /** Flip to another variant (`‹ 1/2 ›`): the server stores which branch shows. */
  const showVariant = useCallback(async (messageId: string) => {
    const { conversationId: current, sending: busy } = latest.current;
    if (busy || !current) return;
    try {
      const detail = await showBranch(current, messageId);
      setMessages(detail.messages.map(fromStored));
    } catch {
      toast({ title: chatText('common:error'), description: chatText('failures.variantFailed'), variant: 'destructive' });
    }
  }, []);

  const setFeedback = useCallback((id: string, feedback: ChatMessage['feedback']) => {
    setMessages((all) => all.map((m) => (m.id === id ? { ...m, feedback } : m)));
  }, []);

  /** A new chat, inside a project when one is given (issue 42). */
  const newChat = useCallback((inProject: string | null = null) => {
    abortRef.current?.abort();
    setProjectId(inProject);
    openingRef.current += 1;
    historyPendingRef.current = false;
    setMessages([]);
    setViewId((view) => view + 1);
    setConversationId(null);
    setUpgradeNotice(null);
  }, []);

  const openConversation = useCallback(
    async (id: string) => {
      abortRef.current?.abort();
      setLoadingConversation(true);
      const opening = ++openingRef.current;
      try {
        // The newest page first, so a long conversation paints as soon as a short one does.
        const detail = await getConversationPage(id, OPEN_PAGE_MESSAGES);
        setMessages(detail.messages.map(fromStored));
        setViewId((view) => view + 1);
        setConversationId(detail.conversation.id);
        setProjectId(detail.conversation.projectId ?? null);
        setUpgradeNotice(null);
        historyPendingRef.current = Boolean(detail.earlier);
        if (detail.earlier) void addEarlierMessages(id, opening);
        return detail.conversation;
      } catch {
        toast({ title: chatText('common:error'), description: chatText('failures.openFailed'), variant: 'destructive' });
        return null;
      } finally {
        setLoadingConversation(false);
      }
    },
    [queryClient],
  );

  /**
   * The messages before the first page, put in front of what is on screen, unless another
   * conversation (or another opening of this one) has taken the screen since. A failure leaves the
   * newest page readable; opening the conversation again reads the rest again.
   */
  async function addEarlierMessages(id: string, opening: number) {
    try {
      const full = await queryClient.fetchQuery({ ...conversationQueryOptions(id), staleTime: 0 });
      if (openingRef.current !== opening) return;
      historyPendingRef.current = false;
      setMessages((shown) => {
        const firstShown = shown.find((m) => m.serverId)?.serverId;
        const before = full.messages.findIndex((m) => m.id === firstShown);
        return before > 0 ? [...full.messages.slice(0, before).map(fromStored), ...shown] : shown;
      });
    } catch {
      // The newest messages stay on screen; the older ones come with the next opening.
    }
  }

  return {
    messages,
    viewId,
    conversationId,
    projectId,
    setProjectId,
    sending,
    upgradeNotice,
    loadingConversation,
    preview,
    toolActivity,
    send,
    stop,
    regenerate,
    edit,
    showVariant,
    continueReply,
    setFeedback,
    newChat,
    openConversation,
  };
}