import type { MessageStatus } from '@contract/chat';
import type { Citation } from '@contract/search';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';
import type { LimitCounts } from './chat-limits';

/**
 * The two statements of a chat exchange: the start counts the limits, checks the conversation and
 * stores the user's message; the end stores the reply, the interaction, the feature events and the
 * conversation's last activity. Plain SQL because Drizzle cannot chain data-modifying CTEs; every
 * value is a bound parameter with a cast.
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

const uuid = (value: string) => sql`${value}::uuid`;
const timestamp = (value: Date) => sql`${value.toISOString()}::timestamptz`;
const text = (value: string) => sql`${value}::text`;
const int = (value: number) => sql`${value}::int`;

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
  } | null;
  responseTimeMs: number;
  success: boolean;
  /** Tokens in and out, as the provider reported them (0 when it failed). */
  tokens: number;
  features: { feature: string; action: string }[];
  now: Date;
}

export const chatExchangeRepository = {
  async startExchange(db: Db, input: ExchangeStartInput): Promise<ExchangeStart> {
    const { userId, now, limits, conversation, message } = input;
    const user = uuid(userId);
    const ctes: SQL[] = [
      // Counted after the user's allowance lock when the start stores a message (migration 0018).
      sql`counts as (
        select * from chat_counts_after_lock(${user}, ${timestamp(limits.minuteAgo)}, ${timestamp(limits.dayStart)}, ${message !== null}::boolean)
      )`,
      limits.needsPromotion
        ? sql`promotion as (
            select exists (
              select 1 from promos where action = 'activate_free_tier' and active and expires_at > ${timestamp(now)}
            ) as live
          )`
        : sql`promotion as (select false as live)`,
      conversation.existing
        ? sql`conversation as (select id from conversations where id = ${uuid(conversation.id)} and user_id = ${user})`
        : sql`conversation as (select ${uuid(conversation.id)} as id)`,
      sql`verdict as (
        select c.last_minute < ${int(limits.perMinute)}
           and c.today < ${int(limits.allowance)}
           and (p.live or not ${limits.needsPromotion}::boolean)
           and exists (select 1 from conversation) as allowed
        from counts c, promotion p
      )`,
    ];
    if (message && !conversation.existing) {
      ctes.push(sql`new_conversation as (
        insert into conversations (id, user_id, title, persona, mode, active_leaf_id, created_at, updated_at)
        select ${uuid(conversation.id)}, ${user}, ${text(conversation.title)}, ${text(conversation.persona)}, ${text(conversation.mode)},
               ${uuid(message.id)}, ${timestamp(now)}, ${timestamp(now)}
        from verdict where allowed
      )`);
    }
    if (message) {
      const attachments = message.attachments ? JSON.stringify(message.attachments) : null;
      const parent =
        message.parent === 'active'
          ? conversation.existing
            ? sql`(select active_leaf_id from conversations where id = ${uuid(conversation.id)})`
            : sql`null::uuid`
          : message.parent.id === null
            ? sql`null::uuid`
            : uuid(message.parent.id);
      ctes.push(sql`new_message as (
        insert into messages (id, conversation_id, user_id, role, content, attachments, parent_id, created_at)
        select ${uuid(message.id)}, ${uuid(conversation.id)}, ${user}, 'user', ${text(message.content)}, ${attachments}::jsonb, ${parent}, ${timestamp(now)}
        from verdict where allowed
      )`);
      if (conversation.existing) {
        ctes.push(sql`new_leaf as (
          update conversations set active_leaf_id = ${uuid(message.id)}
          where id = ${uuid(conversation.id)} and exists (select 1 from verdict where allowed)
        )`);
      }
    }
    // The statement's snapshot does not see its own insert: the history is what came before it.
    const history =
      input.historyLimit > 0 && conversation.existing
        ? sql`(
            select json_agg(json_build_object('role', h.role, 'content', h.content) order by h.created_at, h.id)
            from (
              select role, content, created_at, id from messages
              where conversation_id = (select id from conversation)
              order by created_at desc, id desc
              limit ${int(input.historyLimit)}
            ) h
          )`
        : sql`null::json`;
    const statement = sql`
      with ${sql.join(ctes, sql`, `)}
      select c.last_minute, (extract(epoch from c.oldest) * 1000)::float8 as oldest_ms, c.today,
             p.live as promotion_live, exists (select 1 from conversation) as conversation_found, v.allowed,
             ${history} as history
      from counts c, promotion p, verdict v
    `;
    const result = await db.execute(statement);
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
    const { userId, conversation, reply, now } = input;
    const user = uuid(userId);
    const ctes: SQL[] = [];
    if (reply) {
      ctes.push(sql`reply as (
        insert into messages (id, conversation_id, user_id, role, content, image, response_time_ms, model, tokens_in, tokens_out, status,
                              parent_id, regenerated, created_at, citations)
        values (${uuid(reply.id)}, ${uuid(conversation.id)}, ${user}, 'assistant', ${text(reply.content)}, ${reply.image}::text,
                ${int(input.responseTimeMs)}, ${text(reply.model)}, ${int(reply.tokensIn)}, ${int(reply.tokensOut)}, ${text(reply.status)},
                ${uuid(reply.parentId)}, ${reply.regenerated}::boolean, ${timestamp(reply.createdAt)},
                ${reply.citations && reply.citations.length > 0 ? JSON.stringify(reply.citations) : null}::jsonb)
      )`);
    }
    ctes.push(sql`interaction as (
      insert into interactions (user_id, message_id, persona, mode, response_time_ms, success, tokens, created_at)
      values (${user}, ${reply ? uuid(reply.id) : sql`null::uuid`}, ${text(conversation.persona)}, ${text(conversation.mode)},
              ${int(input.responseTimeMs)}, ${input.success}::boolean, ${int(input.tokens)}, ${timestamp(now)})
    )`);
    if (input.features.length > 0) {
      const rows = input.features.map((f) => sql`(${user}, ${text(f.feature)}, ${text(f.action)}, ${timestamp(now)})`);
      ctes.push(sql`events as (insert into feature_events (user_id, feature, action, created_at) values ${sql.join(rows, sql`, `)})`);
    }
    await db.execute(sql`
      with ${sql.join(ctes, sql`, `)}
      update conversations set persona = ${text(conversation.persona)}, mode = ${text(conversation.mode)}, updated_at = ${timestamp(now)}
        ${reply ? sql`, active_leaf_id = ${uuid(reply.id)}` : sql``}
      where id = ${uuid(conversation.id)}
    `);
  },
};
