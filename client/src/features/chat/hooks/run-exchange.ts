import { CHAT_HISTORY_TO_MODEL, type ChatMode, type ChatReply, type ChatRequest } from '@contract/chat';
import type { Persona } from '@contract/personas';
import { projectsQueryOptions } from '../api/projects';
import { conversationsQueryOptions } from '../api/get-conversations';
import { streamChat } from '../api/send-chat';
import { pickOne, type ChatMessage } from '../lib/chat-message';
import { startReplyPreview } from '../lib/reply-preview';
import { prefersReducedMotion } from '../lib/typing';
import { asFailure, endExchange, type ExchangeContext, type SendInput } from './exchange-context';
import { chatText } from '../texts';

export interface ExchangeArgs {
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
}

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
 * One exchange of SPEC §4 "Sending", in its four steps: the request goes out with the greeting
 * typed meanwhile, the stream's events feed the preview, the reply becomes the assistant message,
 * or the failure is told; at the end, however it went, the composer can send again.
 */
export async function runExchange(ctx: ExchangeContext, args: ExchangeArgs) {
  const controller = new AbortController();
  ctx.abortRef.current = controller;
  const preview = startReplyPreview(ctx.preview, pickOne(args.speaker.greetingPhrases) ?? '', prefersReducedMotion());
  try {
    const reply: ChatReply = await streamChat(exchangeRequest(args, ctx.historyPendingRef.current, ctx.projectRef.current), {
      signal: controller.signal,
      onDelta: preview.received,
      onToolApproval: ctx.toolActivity.asked,
      onToolCall: ctx.toolActivity.ran,
      onProgress: preview.progressed,
    });
    const remaining = preview.revealAt - performance.now();
    if (remaining > 0) await wait(remaining);
    preview.cancel();
    await finishExchange(ctx, args, reply);
  } catch (error) {
    preview.cancel();
    await failExchange(ctx, args, error);
  } finally {
    ctx.preview.set(null);
    ctx.toolActivity.clear();
    endExchange(ctx, controller);
  }
}

/** The body of POST /api/chat for this exchange. */
export function exchangeRequest(args: ExchangeArgs, historyPending: boolean, projectId: string | null): ChatRequest {
  return {
    message: args.content,
    // Only the last CHAT_HISTORY_TO_MODEL reach the model; a 1,000-message conversation need not upload all of them on every send.
    // No history while a long conversation's older messages are still being read: the server then reads it from its store.
    messages: args.control || historyPending ? [] : args.history.slice(-CHAT_HISTORY_TO_MODEL).map((m) => ({ role: m.role, content: m.content })),
    ...args.control,
    character: args.speaker.id,
    mode: args.currentMode,
    generateImage: args.input.generateImage,
    attachments: args.input.attachments.length > 0 ? args.input.attachments : undefined,
    conversationId: args.currentConversation ?? undefined,
    knowledge: args.input.knowledge,
    // Null says "no project", so the server need not look it up before asking the model.
    projectId,
  };
}

/** The `done` payload as the assistant message on screen. */
export function assistantFromReply(reply: ChatReply, speaker: Persona['id']): ChatMessage {
  return {
    id: reply.messageId,
    serverId: reply.messageId,
    role: 'assistant',
    content: reply.content || chatText('failures.noResponse'),
    timestamp: new Date().toISOString(),
    image: reply.image,
    responseTime: reply.responseTime,
    status: reply.status,
    historyOmitted: reply.historyOmitted,
    citations: reply.citations,
    toolCalls: reply.toolCalls,
    persona: speaker,
  };
}

async function finishExchange(ctx: ExchangeContext, args: ExchangeArgs, reply: ChatReply) {
  const { queryClient } = ctx;
  const assistant = assistantFromReply(reply, args.speaker.id);
  if (args.control) {
    await ctx.reload(reply.conversationId).catch(() => ctx.setMessages((all) => [...all, assistant]));
  } else {
    // The user message learns its stored id (Edit needs it).
    ctx.setMessages((all) => [...all.map((m) => (m.id === args.localUserId ? { ...m, serverId: reply.userMessageId } : m)), assistant]);
    ctx.setConversationId(reply.conversationId);
  }
  ctx.latest.current.onReply?.(assistant);
  void queryClient.invalidateQueries({ queryKey: conversationsQueryOptions().queryKey });
  // A project's own list (issue 42) holds the conversation too.
  if (ctx.projectRef.current) void queryClient.invalidateQueries({ queryKey: projectsQueryOptions().queryKey });
  // A new conversation's model-written title is stored a moment after its first reply.
  if (!args.currentConversation && !args.control) refreshListForModelTitle(() => queryClient.invalidateQueries({ queryKey: conversationsQueryOptions().queryKey }));
}

async function failExchange(ctx: ExchangeContext, args: ExchangeArgs, error: unknown) {
  const failure = asFailure(error);
  if (ctx.stoppingRef.current || failure.kind === 'aborted') return; // Stop reloads what the server kept
  if (args.typed.trim()) ctx.latest.current.onFailedText?.(args.typed);
  if (failure.kept) {
    // The server kept the message, marked failed: it shows with Retry, as after a reload, and
    // SPEC §8's failure toast still says so.
    ctx.notify({ title: chatText('common:error'), description: chatText('failures.sendFailed'), variant: 'destructive' });
    await ctx.reload(failure.kept.conversationId).catch(() => undefined);
    void ctx.queryClient.invalidateQueries({ queryKey: conversationsQueryOptions().queryKey });
    return;
  }
  // Refused (limits, too long): nothing was kept, and the text is back in the composer.
  if (args.localUserId) ctx.setMessages((all) => all.filter((m) => m.id !== args.localUserId));
  if (failure.kind === 'premium_required') ctx.setUpgradeNotice({ message: failure.message });
  else if (failure.kind === 'refused') ctx.notify({ title: chatText('failures.notAllowed'), description: failure.message, variant: 'destructive' });
  else if (failure.kind === 'limited') ctx.notify({ title: chatText('failures.wait'), description: failure.message, variant: 'destructive' });
  else if (failure.kind === 'too_long') ctx.notify({ title: chatText('failures.tooLong'), description: failure.message, variant: 'destructive' });
  else if (failure.kind === 'failed') ctx.notify({ title: chatText('common:error'), description: chatText('failures.sendFailed'), variant: 'destructive' });
}
