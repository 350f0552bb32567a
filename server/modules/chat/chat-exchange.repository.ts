import type { MessageStatus } from '@contract/chat';
import type { Citation } from '@contract/search';
import type { ToolCall } from '@contract/mcp-tools';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';
import { runByShape } from '../../db/statement-by-shape';
import type { LimitCounts } from './chat-limits';

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

/** A value of a statement built once per shape. */
const v = (name: string) => sql.placeholder(name);

interface StartRow {
  last_minute: number;
  oldest_ms: number | null;
  today: number;
  promotion_live: boolean;
  conversation_found: boolean;
  allowed: boolean;
  history: { role: string; content: string }[] | null;
}

/** A CTE inserting one usage row, over the finish statement's placeholders (teamControlsRepository.usageInsertCte). */
export type UsageInsert = (value: (name: string) => SQLWrapper) => SQL;

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

/** What decides the start statement's text; its values are placeholders (statement-by-shape.ts). */
interface StartShape {
  needsPromotion: boolean;
  existing: boolean;
  /** How the user's message is placed: none (a check that stores nothing), after the active leaf, as a root, or after a given parent. */
  parent: 'none' | 'active' | 'root' | 'given';
  withHistory: boolean;
}

function startStatement(shape: StartShape): SQL {
  const storing = shape.parent !== 'none';
  const user = sql`${v('user')}::uuid`;
  const conversationId = sql`${v('conversation')}::uuid`;
  const messageId = sql`${v('message')}::uuid`;
  const now = sql`${v('now')}::timestamptz`;
  const ctes: SQL[] = [
    // Counted after the user's allowance lock when the start stores a message (migration 0018).
    sql`counts as (
      select * from chat_counts_after_lock(${user}, ${v('minuteAgo')}::timestamptz, ${v('dayStart')}::timestamptz, ${sql.raw(String(storing))})
    )`,
    shape.needsPromotion
      ? sql`promotion as (
          select exists (
            select 1 from promos where action = 'activate_free_tier' and active and expires_at > ${now}
          ) as live
        )`
      : sql`promotion as (select false as live)`,
    shape.existing
      ? sql`conversation as (select id from conversations where id = ${conversationId} and user_id = ${user})`
      : sql`conversation as (select ${conversationId} as id)`,
    sql`verdict as (
      select c.last_minute < ${v('perMinute')}::int
         and c.today < ${v('allowance')}::int
         and (p.live or not ${sql.raw(String(shape.needsPromotion))})
         and exists (select 1 from conversation) as allowed
      from counts c, promotion p
    )`,
  ];
  if (storing && !shape.existing) {
    ctes.push(sql`new_conversation as (
      insert into conversations (id, user_id, title, persona, mode, active_leaf_id, created_at, updated_at)
      select ${conversationId}, ${user}, ${v('title')}::text, ${v('persona')}::text, ${v('mode')}::text, ${messageId}, ${now}, ${now}
      from verdict where allowed
    )`);
  }
  if (storing) {
    const parent =
      shape.parent === 'active'
        ? shape.existing
          ? sql`(select active_leaf_id from conversations where id = ${conversationId})`
          : sql`null::uuid`
        : shape.parent === 'root'
          ? sql`null::uuid`
          : sql`${v('parent')}::uuid`;
    ctes.push(sql`new_message as (
      insert into messages (id, conversation_id, user_id, role, content, attachments, parent_id, created_at)
      select ${messageId}, ${conversationId}, ${user}, 'user', ${v('content')}::text, ${v('attachments')}::jsonb, ${parent}, ${now}
      from verdict where allowed
    )`);
    if (shape.existing) {
      ctes.push(sql`new_leaf as (
        update conversations set active_leaf_id = ${messageId}
        where id = ${conversationId} and exists (select 1 from verdict where allowed)
      )`);
    }
  }
  // The statement's snapshot does not see its own insert: the history is what came before it.
  const history = shape.withHistory
    ? sql`(
        select json_agg(json_build_object('role', h.role, 'content', h.content) order by h.created_at, h.id)
        from (
          select role, content, created_at, id from messages
          where conversation_id = (select id from conversation)
          order by created_at desc, id desc
          limit ${v('historyLimit')}::int
        ) h
      )`
    : sql`null::json`;
  return sql`
    with ${sql.join(ctes, sql`, `)}
    select c.last_minute, (extract(epoch from c.oldest) * 1000)::float8 as oldest_ms, c.today,
           p.live as promotion_live, exists (select 1 from conversation) as conversation_found, v.allowed,
           ${history} as history
    from counts c, promotion p, verdict v
  `;
}

/** What decides the finish statement's text: a reply to store or not (new, or one grown by a Continue), and how many feature events. */
interface FinishShape {
  withReply: boolean;
  extendsReply: boolean;
  features: number;
  /** The model call's usage row goes with it (issue 43), as its owner writes it. */
  usage: UsageInsert | null;
}

function finishStatement(shape: FinishShape): SQL {
  const user = sql`${v('user')}::uuid`;
  const conversationId = sql`${v('conversation')}::uuid`;
  const replyId = sql`${v('reply')}::uuid`;
  const now = sql`${v('now')}::timestamptz`;
  const ctes: SQL[] = [];
  if (shape.withReply && shape.extendsReply) {
    ctes.push(sql`reply as (
      update messages set content = content || ${v('content')}::text, status = ${v('status')}::text,
        response_time_ms = coalesce(response_time_ms, 0) + ${v('responseTimeMs')}::int,
        tokens_in = coalesce(tokens_in, 0) + ${v('tokensIn')}::int, tokens_out = coalesce(tokens_out, 0) + ${v('tokensOut')}::int,
        citations = coalesce(${v('citations')}::jsonb, citations),
        tool_calls = case when ${v('toolCalls')}::jsonb is null then tool_calls else coalesce(tool_calls, '[]'::jsonb) || ${v('toolCalls')}::jsonb end
      where id = ${replyId} and user_id = ${user} and role = 'assistant'
    )`);
  } else if (shape.withReply) {
    ctes.push(sql`reply as (
      insert into messages (id, conversation_id, user_id, role, content, image, response_time_ms, model, tokens_in, tokens_out, status,
                            parent_id, regenerated, created_at, citations, tool_calls)
      values (${replyId}, ${conversationId}, ${user}, 'assistant', ${v('content')}::text, ${v('image')}::text,
              ${v('responseTimeMs')}::int, ${v('model')}::text, ${v('tokensIn')}::int, ${v('tokensOut')}::int, ${v('status')}::text,
              ${v('parent')}::uuid, ${v('regenerated')}::boolean, ${v('createdAt')}::timestamptz, ${v('citations')}::jsonb, ${v('toolCalls')}::jsonb)
    )`);
  }
  ctes.push(sql`interaction as (
    insert into interactions (user_id, message_id, persona, mode, response_time_ms, success, tokens, continuation, created_at)
    values (${user}, ${shape.withReply ? replyId : sql`null::uuid`}, ${v('persona')}::text, ${v('mode')}::text,
            ${v('responseTimeMs')}::int, ${v('success')}::boolean, ${v('tokens')}::int, ${sql.raw(String(shape.extendsReply))}, ${now})
  )`);
  if (shape.usage) ctes.push(shape.usage(v));
  if (shape.features > 0) {
    const rows = Array.from({ length: shape.features }, (_, i) => sql`(${user}, ${v(`feature${i}`)}::text, ${v(`action${i}`)}::text, ${now})`);
    ctes.push(sql`events as (insert into feature_events (user_id, feature, action, created_at) values ${sql.join(rows, sql`, `)})`);
  }
  return sql`
    with ${sql.join(ctes, sql`, `)}
    update conversations set persona = ${v('persona')}::text, mode = ${v('mode')}::text, updated_at = ${now}
      ${shape.withReply ? sql`, active_leaf_id = ${replyId}` : sql``}
    where id = ${conversationId}
  `;
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
