import type { Attachment, FeedbackValue, MessageStatus } from '@contract/chat';
import type { StoredMessage } from '@contract/conversations';
import type { PersonaId } from '@contract/personas';
import type { Citation } from '@contract/search';
import type { ToolCall } from '@contract/mcp-tools';

/** SPEC §3 Chat message as the screen holds it. `serverId` is the stored message id, once known. */
export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  timestamp: string;
  attachments?: Attachment[];
  image?: string | null;
  responseTime?: number;
  feedback?: FeedbackValue;
  serverId?: string;
  /**
   * A reply: cut off (a note and Continue), stopped or failed. A user message: failed when its
   * reply failed before any text (shown with Retry).
   */
  status?: MessageStatus;
  /** This message among its siblings (regenerated replies, edited versions), when the server said. */
  variants?: { index: number; count: number; ids: string[] };
  /** Earlier messages the server left out so the conversation fit the model's context. */
  historyOmitted?: number;
  /** The passages of the user's files the reply cites as [n]. */
  citations?: Citation[];
  /** The MCP tool calls the reply made (issue 40), shown as collapsible blocks. */
  toolCalls?: ToolCall[];
  /** A reply: the persona that wrote it, whose avatar it keeps after a switch (issue 42). */
  persona?: PersonaId;
}

let localCounter = 0;
/** Ids for messages shown before the server has stored them. */
export function localId(): string {
  localCounter += 1;
  return `local-${Date.now().toString(36)}-${localCounter}`;
}

export function fromStored(message: StoredMessage): ChatMessage {
  return {
    id: message.id,
    serverId: message.id,
    role: message.role,
    content: message.content,
    timestamp: message.timestamp,
    attachments: message.attachments,
    image: message.image ?? null,
    responseTime: message.responseTime,
    feedback: message.feedback,
    status: message.status,
    variants: message.variants,
    citations: message.citations,
    toolCalls: message.toolCalls,
    persona: message.persona,
  };
}

export const pickOne = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
