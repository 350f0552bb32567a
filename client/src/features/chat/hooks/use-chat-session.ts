import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { projectsQueryOptions } from '../api/projects';
import { continuationPiece } from '@contract/continuation';
import { attachmentsOnlyMessage, CHAT_HISTORY_TO_MODEL, type Attachment, type ChatMode, type ChatReply, type ChatRequest } from '@contract/chat';
import type { Persona } from '@contract/personas';
import type { KnowledgeOption } from '@contract/search';
import { toast } from '@/components/ui/use-toast';
import { showBranch, stopChat } from '../api/conversation-controls';
import { conversationQueryOptions, getConversationPage } from '../api/get-conversation';
import { conversationsQueryOptions } from '../api/get-conversations';
import { ChatSendError, streamChat } from '../api/send-chat';
import { fromStored, localId, pickOne, type ChatMessage } from '../lib/chat-message';
import { MESSAGE_WINDOW_STEP } from '../components/message-list';
import { createPreviewStore } from '../lib/preview-store';
import { createToolActivityStore } from '../lib/tool-activity-store';
import { GREETING_MS_PER_CHAR, prefersReducedMotion, REPLY_PAUSE_MS, typingDuration, visibleChars } from '../lib/typing';

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

/** Messages read first when a conversation opens: the window the message list settles on, so nothing it shows waits for the rest. */
const OPEN_PAGE_MESSAGES = MESSAGE_WINDOW_STEP;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The server asks the model for a new conversation's title after the first reply (one short call,
 * usually a second or two; it gives up after 30 s). The list is read again then, so the sidebar
 * swaps the keyword title for the model's without a reload.
 */
const MODEL_TITLE_REFRESH_MS = [2_500, 8_000, 30_000] as const;
function refreshListForModelTitle(refresh: () => void) {
  for (const ms of MODEL_TITLE_REFRESH_MS) setTimeout(refresh, ms);
}


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
      void runExchange({ content, history, currentConversation, speaker, currentMode, input, typed: input.text, localUserId: userMessage.id });
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
    /** Regenerate (or Retry) and edits: the server reads the history from its tree, and the result is reloaded. */
    control?: Pick<ChatRequest, 'regenerate' | 'editOf'>;
    /** What the composer gets back when the send fails. */
    typed: string;
    /** The user message shown for this send (null for a regenerate). */
    localUserId: string | null;
  }) {
    const controller = new AbortController();
    abortRef.current = controller;
    const greeting = pickOne(args.speaker.greetingPhrases) ?? '';
    const startedAt = performance.now();
    // Reduced motion: no typing at all. The greeting shows whole with the thinking phrases until
    // the reply lands whole in the list; the streamed text is never drawn (a long task's progress
    // line still is: it says where the work stands, it is no animation).
    const still = prefersReducedMotion();
    const revealAt = still ? startedAt : startedAt + typingDuration(greeting, GREETING_MS_PER_CHAR) + REPLY_PAUSE_MS;
    let received = '';
    /** Where a long task stands (a document read in parts) until its text comes. */
    let progress = '';
    let frame = 0;
    const render = () => {
      frame = 0;
      if (still) {
        const next = progress === '' ? { phase: 'greeting' as const, text: greeting, thinking: true } : { phase: 'streaming' as const, text: `_${progress}_`, thinking: false };
        const current = preview.get();
        if (current?.phase !== next.phase || current.text !== next.text) preview.set({ ...next, startedAt });
        return;
      }
      const now = performance.now();
      if (now >= revealAt && (received !== '' || progress !== '')) {
        preview.set({ phase: 'streaming', text: received || `_${progress}_`, thinking: false, startedAt });
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
          // No history while a long conversation's older messages are still being read: the server then reads it from its store.
          messages:
            args.control || historyPendingRef.current ? [] : args.history.slice(-CHAT_HISTORY_TO_MODEL).map((m) => ({ role: m.role, content: m.content })),
          ...args.control,
          character: args.speaker.id,
          mode: args.currentMode,
          generateImage: args.input.generateImage,
          attachments: args.input.attachments.length > 0 ? args.input.attachments : undefined,
          conversationId: args.currentConversation ?? undefined,
          knowledge: args.input.knowledge,
          // Null says "no project", so the server need not look it up before asking the model.
          projectId: projectRef.current,
        },
        {
          signal: controller.signal,
          onDelta(text) {
            received += text;
            if (frame === 0) frame = requestAnimationFrame(render);
          },
          onToolApproval: toolActivity.asked,
          onToolCall: toolActivity.ran,
          onProgress(text) {
            progress = text;
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
        toolCalls: reply.toolCalls,
        persona: args.speaker.id,
      };
      if (args.control) {
        await reload(reply.conversationId).catch(() => setMessages((all) => [...all, assistant]));
      } else {
        // The user message learns its stored id (Edit needs it).
        setMessages((all) => [...all.map((m) => (m.id === args.localUserId ? { ...m, serverId: reply.userMessageId } : m)), assistant]);
        setConversationId(reply.conversationId);
      }
      latest.current.onReply?.(assistant);
      void queryClient.invalidateQueries({ queryKey: conversationsQueryOptions().queryKey });
      // A project's own list (issue 42) holds the conversation too.
      if (projectRef.current) void queryClient.invalidateQueries({ queryKey: projectsQueryOptions().queryKey });
      // A new conversation's model-written title is stored a moment after its first reply.
      if (!args.currentConversation && !args.control) refreshListForModelTitle(() => queryClient.invalidateQueries({ queryKey: conversationsQueryOptions().queryKey }));
    } catch (error) {
      cancelAnimationFrame(frame);
      const failure = error instanceof ChatSendError ? error : new ChatSendError('failed', String(error));
      if (stoppingRef.current || failure.kind === 'aborted') return; // Stop reloads what the server kept
      if (args.typed.trim()) latest.current.onFailedText?.(args.typed);
      if (failure.kept) {
        // The server kept the message, marked failed: it shows with Retry, as after a reload, and
        // SPEC §8's failure toast still says so.
        toast({ title: 'Error', description: 'Failed to send message. Please try again.', variant: 'destructive' });
        await reload(failure.kept.conversationId).catch(() => undefined);
        void queryClient.invalidateQueries({ queryKey: conversationsQueryOptions().queryKey });
        return;
      }
      // Refused (limits, too long): nothing was kept, and the text is back in the composer.
      if (args.localUserId) setMessages((all) => all.filter((m) => m.id !== args.localUserId));
      if (failure.kind === 'premium_required') setUpgradeNotice({ message: failure.message });
      else if (failure.kind === 'refused') toast({ title: 'Not allowed', description: failure.message, variant: 'destructive' });
      else if (failure.kind === 'limited') toast({ title: 'Please wait', description: failure.message, variant: 'destructive' });
      else if (failure.kind === 'too_long') toast({ title: 'Message too long', description: failure.message, variant: 'destructive' });
      else if (failure.kind === 'failed') toast({ title: 'Error', description: 'Failed to send message. Please try again.', variant: 'destructive' });
    } finally {
      preview.set(null);
      toolActivity.clear();
      if (abortRef.current === controller) abortRef.current = null;
      latest.current.sending = false;
      setSending(false);
    }
  }

  /** Stop: the server aborts the reply and keeps what arrived (as stopped); the screen then shows what it stored. */
  const stop = useCallback(async () => {
    if (!latest.current.sending || stoppingRef.current) return;
    stoppingRef.current = true;
    try {
      const stopped = await stopChat().catch(() => null);
      abortRef.current?.abort();
      const id = stopped?.conversationId ?? latest.current.conversationId;
      if (id) await reload(id).catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: conversationsQueryOptions().queryKey });
    } finally {
      stoppingRef.current = false;
    }
  }, [queryClient, reload]);

  /** Regenerate the last reply, or Retry a message whose reply failed: the server answers its last user message again. */
  const regenerate = useCallback((): boolean => {
    const { messages: shown, conversationId: current, persona: speaker, mode: currentMode, sending: busy } = latest.current;
    if (busy || !current) return false;
    const lastUser = shown.findLastIndex((m) => m.role === 'user');
    if (lastUser === -1) return false;
    setMessages(shown.slice(0, lastUser + 1).map((m, i) => (i === lastUser ? { ...m, status: undefined } : m)));
    begin();
    const input = { text: '', attachments: [], generateImage: false };
    void runExchange({ content: '', history: [], currentConversation: current, speaker, currentMode, input, control: { regenerate: true }, typed: '', localUserId: null });
    return true;
  }, []);

  /** Edit a sent message: the conversation continues from the edited point; the old branch stays a variant. */
  const edit = useCallback((messageId: string, text: string): boolean => {
    const { messages: shown, conversationId: current, persona: speaker, mode: currentMode, sending: busy } = latest.current;
    const index = shown.findIndex((m) => m.id === messageId);
    const target = shown[index];
    if (busy || !current || !target?.serverId || text.trim() === '') return false;
    const edited: ChatMessage = { id: localId(), role: 'user', content: text.trim(), timestamp: new Date().toISOString() };
    setMessages([...shown.slice(0, index), edited]);
    begin();
    const input = { text: text.trim(), attachments: [], generateImage: false };
    void runExchange({
      content: text.trim(),
      history: [],
      currentConversation: current,
      speaker,
      currentMode,
      input,
      control: { editOf: target.serverId },
      typed: '',
      localUserId: edited.id,
    });
    return true;
  }, []);

  /** Flip to another variant (`‹ 1/2 ›`): the server stores which branch shows. */
  const showVariant = useCallback(async (messageId: string) => {
    const { conversationId: current, sending: busy } = latest.current;
    if (busy || !current) return;
    try {
      const detail = await showBranch(current, messageId);
      setMessages(detail.messages.map(fromStored));
    } catch {
      toast({ title: 'Error', description: 'Could not show that version.', variant: 'destructive' });
    }
  }, []);

  /**
   * Continue (issue 42): the newest reply, cut off at the model's length limit, grows in place as
   * the model goes on (no message is sent, no second reply); false while another send is in flight.
   */
  const continueReply = useCallback((): boolean => {
    const { messages: shown, conversationId: current, persona: speaker, mode: currentMode, sending: busy } = latest.current;
    const target = shown[shown.length - 1];
    if (busy || !current || target?.role !== 'assistant' || target.status !== 'cut_off' || !target.serverId) return false;
    begin();
    void runContinue(target, current, speaker, currentMode);
    return true;
  }, []);

  async function runContinue(target: ChatMessage, current: string, speaker: Persona, currentMode: ChatMode) {
    const controller = new AbortController();
    abortRef.current = controller;
    const grow = (change: Partial<ChatMessage>) => setMessages((all) => all.map((m) => (m.id === target.id ? { ...m, ...change } : m)));
    let received = '';
    let frame = 0;
    const paint = () => {
      frame = 0;
      grow({ content: target.content + continuationPiece(target.content, received) });
    };
    // The cut-off note and its Continue button go while the reply grows.
    grow({ status: undefined });
    try {
      const reply = await streamChat(
        { conversationId: current, continueOf: target.serverId, character: speaker.id, mode: currentMode, projectId: projectRef.current },
        {
          signal: controller.signal,
          onDelta(text) {
            received += text;
            if (frame === 0) frame = requestAnimationFrame(paint);
          },
        },
      );
      cancelAnimationFrame(frame);
      grow({ content: reply.content, status: reply.status, ...(reply.citations ? { citations: reply.citations } : {}) });
      void queryClient.invalidateQueries({ queryKey: conversationsQueryOptions().queryKey });
    } catch (error) {
      cancelAnimationFrame(frame);
      const failure = error instanceof ChatSendError ? error : new ChatSendError('failed', String(error));
      if (stoppingRef.current || failure.kind === 'aborted') return; // Stop reloads what the server kept
      if (received !== '') {
        // Part of the continuation was kept (as failed): the screen shows what the server stored.
        await reload(current).catch(() => undefined);
      } else {
        grow({ content: target.content, status: 'cut_off' });
      }
      if (failure.kind === 'premium_required') setUpgradeNotice({ message: failure.message });
      else if (failure.kind === 'limited') toast({ title: 'Please wait', description: failure.message, variant: 'destructive' });
      else toast({ title: 'Error', description: 'The reply could not be continued. Please try again.', variant: 'destructive' });
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
      latest.current.sending = false;
      setSending(false);
    }
  }

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
        toast({ title: 'Error', description: 'Could not open that conversation.', variant: 'destructive' });
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
