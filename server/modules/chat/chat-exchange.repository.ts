import type { MessageStatus } from '@contract/chat';
import type { Citation } from '@contract/search';
import type { ToolCall } from '@contract/mcp-tools';
import { rowsOf, type Db } from '../../db/database';
import { runByShape } from '../../db/statement-by-shape';
import { finishStatement, startStatement, type UsageInsert } from './chat-exchange-statements';
import type { LimitCounts } from './chat-limits';

export type { UsageInsert };

/**
 * The two statements of a chat exchange: the start counts the limits, checks the conversation and
 * stores the user's message; the end stores the reply, the interaction, the feature events and the
 * conversation's last activity. Plain SQL because Drizzle cannot chain data-modifying CTEs; every
 * value is a bound parameter with a cast. Each statement's text is built once per shape (which
 * parts it has) and run with new values (db/statement-by-shape.ts): building it per chat was
 * about 0.3 ms of the server's thread, paid before the model could be asked.
 *
 * A start that stores a message counts after a per-user advisory lock: under READ COMMITTED each
 * statement counts from its own snapshot, so two concurrent starts of one user both saw 4 of 5
 * messages and both inserted (6 got through). The count is a function (chat_counts_after_lock,
 * migration 0018) that takes the lock and then counts in a snapshot of its own, taken after the
 * start before it has committed. The lock lasts until this statement commits, so a start is one
 * round trip on both databases (issue 19: it was four on PostgreSQL, BEGIN, the lock, the statement
 * and COMMIT, and one user's starts waited on each other across all four).
 */

export interface StoredAttachment {
  url: string;
  name: string;
  type: string;
  size: number;
}

export interface ExchangeStartInput {
  userId: string;
  now: Date;
  limits: { minuteAgo: Date; dayStart: Date; perMinute: number; allowance: number; needsPromotion: boolean };
  /** A new conversation is created with this id; an existing one must be the user's. */
  conversation: { id: string; existing: boolean; title: string; persona: string; mode: string };
  /**
   * The user's message, stored only when the limits allow it; null checks without storing. It
   * follows the conversation's active leaf, or (an edit) the parent given; it becomes the leaf.
   */
  message: { id: string; content: string; attachments: StoredAttachment[] | null; parent: 'active' | { id: string | null } } | null;
  /** Read the conversation's last messages before this one (a client that sent no history); 0 = none. */
  historyLimit: number;
}

export interface ExchangeStart extends LimitCounts {
  conversationFound: boolean;
  /** True when the message (and a new conversation) were stored. */
  stored: boolean;
  history: { role: string; content: string }[];
}

interface StartRow {
  last_minute: number;
  oldest_ms: number | null;
  today: number;
  promotion_live: boolean;
  conversation_found: boolean;
  allowed: boolean;
  history: { role: string; content: string }[] | null;
}

export interface ExchangeEndInput {
  userId: string;
  conversation: { id: string; persona: string; mode: string };
  /** The reply, when there is any text or image to keep. */
  reply: {
    id: string;
    /**
     * Continue (issue 42): `id` is the cut-off reply, which grows by `content` (the new text) and
     * takes this status; tokens and response time add up. Its interaction counts toward the allowance.
     */
    extends?: boolean;
    /** The user message it answers. */
    parentId: string;
    /** Asked for again: it counts toward the allowance (see the start's counts). */
    regenerated: boolean;
    content: string;
    image: string | null;
    model: string;
    tokensIn: number;
    tokensOut: number;
    status: MessageStatus;
    createdAt: Date;
    /** The passages the reply cites (issue 16), or null. */
    citations?: Citation[] | null;
    /** The MCP tool calls the reply made (issue 40). */
    toolCalls?: ToolCall[];
  } | null;
  responseTimeMs: number;
  success: boolean;
  /** Tokens in and out, as the provider reported them (0 when it failed). */
  tokens: number;
  features: { feature: string; action: string }[];
  now: Date;
  /**
   * The model call's tokens for the team's usage and budgets (issue 43), stored in the same
   * statement by the insert its owner (the team-controls module) builds; null: not counted.
   */
  usage: { row: { persona: string; model: string; tokensIn: number; tokensOut: number; estimated: boolean }; insert: UsageInsert } | null;
}

export const chatExchangeRepository = {
  async startExchange(db: Db, input: ExchangeStartInput): Promise<ExchangeStart> {
    const { userId, now, limits, conversation, message } = input;
    const parent = message === null ? 'none' : message.parent === 'active' ? 'active' : message.parent.id === null ? 'root' : 'given';
    const withHistory = input.historyLimit > 0 && conversation.existing;
    const shape = { needsPromotion: limits.needsPromotion, existing: conversation.existing, parent, withHistory } as const;
    const name = `chat_start_${+shape.needsPromotion}${+shape.existing}${parent}${+withHistory}`;
    const result = await runByShape(db, name, () => startStatement(shape), {
      user: userId,
      minuteAgo: limits.minuteAgo.toISOString(),
      dayStart: limits.dayStart.toISOString(),
      now: now.toISOString(),
      perMinute: limits.perMinute,
      allowance: limits.allowance,
      conversation: conversation.id,
      title: conversation.title,
      persona: conversation.persona,
      mode: conversation.mode,
      message: message?.id ?? null,
      content: message?.content ?? null,
      attachments: message?.attachments ? JSON.stringify(message.attachments) : null,
      parent: message && message.parent !== 'active' ? message.parent.id : null,
      historyLimit: input.historyLimit,
    });
    const row = rowsOf<StartRow>(result)[0]!;
    return {
      lastMinute: row.last_minute,
      oldestInLastMinute: row.oldest_ms === null ? null : new Date(row.oldest_ms),
      today: row.today,
      promotionLive: row.promotion_live,
      conversationFound: row.conversation_found,
      stored: message !== null && row.allowed,
      history: row.history ?? [],
    };
  },

  async finishExchange(db: Db, input: ExchangeEndInput): Promise<void> {
    const { userId, conversation, reply, now, features } = input;
    const { usage } = input;
    const shape = { withReply: reply !== null, extendsReply: reply?.extends === true, features: features.length, usage: usage?.insert ?? null };
    const featureValues = Object.fromEntries(features.flatMap((f, i) => [[`feature${i}`, f.feature], [`action${i}`, f.action]]));
    const usageValues = usage ? { usagePersona: usage.row.persona, usageModel: usage.row.model, usageIn: usage.row.tokensIn, usageOut: usage.row.tokensOut, usageEstimated: usage.row.estimated } : {};
    const name = `chat_finish_${+shape.withReply}${+shape.extendsReply}${+(usage !== null)}_${shape.features}`;
    await runByShape(db, name, () => finishStatement(shape), {
      user: userId,
      conversation: conversation.id,
      persona: conversation.persona,
      mode: conversation.mode,
      now: now.toISOString(),
      responseTimeMs: input.responseTimeMs,
      success: input.success,
      tokens: input.tokens,
      reply: reply?.id ?? null,
      content: reply?.content ?? null,
      image: reply?.image ?? null,
      model: reply?.model ?? null,
      tokensIn: reply?.tokensIn ?? null,
      tokensOut: reply?.tokensOut ?? null,
      status: reply?.status ?? null,
      parent: reply?.parentId ?? null,
      regenerated: reply?.regenerated ?? null,
      createdAt: reply?.createdAt.toISOString() ?? null,
      citations: reply?.citations && reply.citations.length > 0 ? JSON.stringify(reply.citations) : null,
      toolCalls: reply?.toolCalls && reply.toolCalls.length > 0 ? JSON.stringify(reply.toolCalls) : null,
      ...featureValues,
      ...usageValues,
    });
  },
};
