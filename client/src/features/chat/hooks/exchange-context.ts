import type { QueryClient } from '@tanstack/react-query';
import type { Dispatch, SetStateAction } from 'react';
import type { Attachment } from '@contract/chat';
import type { KnowledgeOption } from '@contract/search';
import type { toast } from '@/components/ui/use-toast';
import { ChatSendError } from '../api/send-chat';
import type { ChatMessage } from '../lib/chat-message';
import type { PreviewStore } from '../lib/preview-store';
import type { ToolActivityStore } from '../lib/tool-activity-store';

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

/**
 * What an exchange (a send, a regenerate, an edit, a Continue) reads and changes on the chat
 * screen: useChatSession's state setters, stores and refs, given once so the exchange's steps can
 * live in files of their own (and be run in a test without React).
 */
export interface ExchangeContext {
  queryClient: QueryClient;
  preview: PreviewStore;
  toolActivity: ToolActivityStore;
  setMessages: Dispatch<SetStateAction<ChatMessage[]>>;
  setConversationId(id: string): void;
  setUpgradeNotice(notice: UpgradeNotice | null): void;
  setSending(sending: boolean): void;
  /** The conversation as stored: after a stop, a failure, a regenerate or an edit, the server knows the ids and variants. */
  reload(id: string): Promise<void>;
  /** The toast of SPEC §9 (a parameter so a test can read what was shown). */
  notify: typeof toast;
  abortRef: { current: AbortController | null };
  /** Set while Stop is asking the server to stop: the stream's end is then no failure. */
  stoppingRef: { readonly current: boolean };
  /** Set while the screen holds only a long conversation's newest page. */
  historyPendingRef: { readonly current: boolean };
  /** The project the conversation is in, or null. */
  projectRef: { readonly current: string | null };
  latest: { current: { sending: boolean; onReply?(message: ChatMessage): void; onFailedText?(text: string): void } };
}

/** Any failure of a stream as the ChatSendError the screen tells apart. */
export const asFailure = (error: unknown): ChatSendError => (error instanceof ChatSendError ? error : new ChatSendError('failed', String(error)));

/** The end of every exchange, however it went: the composer can send again. */
export function endExchange(ctx: ExchangeContext, controller: AbortController) {
  if (ctx.abortRef.current === controller) ctx.abortRef.current = null;
  ctx.latest.current.sending = false;
  ctx.setSending(false);
}
