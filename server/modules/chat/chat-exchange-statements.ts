import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { exchangeWrites } from '../conversations/conversation-writes';
import { chatRepository } from './chat.repository';

/**
 * The text of the chat exchange's two statements, built once per shape (chat-exchange.repository.ts
 * runs them). Each table's write is a fragment its owner builds (docs/decisions.md, "Data: one
 * writer per table"): conversations and messages by conversations/conversation-writes.ts, the
 * interaction and feature events by chat.repository.ts, the usage row by the team-controls module.
 */

/** A value of a statement built once per shape. */
const v = (name: string) => sql.placeholder(name);

/** A CTE inserting one usage row, over the finish statement's placeholders (teamControlsRepository.usageInsertCte). */
export type UsageInsert = (value: (name: string) => SQLWrapper) => SQL;

/** What decides the start statement's text; its values are placeholders (statement-by-shape.ts). */
export interface StartShape {
  needsPromotion: boolean;
  existing: boolean;
  /** How the user's message is placed: none (a check that stores nothing), after the active leaf, as a root, or after a given parent. */
  parent: 'none' | 'active' | 'root' | 'given';
  withHistory: boolean;
}

export function startStatement(shape: StartShape): SQL {
  const storing = shape.parent !== 'none';
  const user = sql`${v('user')}::uuid`;
  const conversationId = sql`${v('conversation')}::uuid`;
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
  if (storing && !shape.existing) ctes.push(exchangeWrites.newConversationCte(v));
  if (storing) {
    const parent =
      shape.parent === 'active'
        ? shape.existing
          ? sql`(select active_leaf_id from conversations where id = ${conversationId})`
          : sql`null::uuid`
        : shape.parent === 'root'
          ? sql`null::uuid`
          : sql`${v('parent')}::uuid`;
    ctes.push(exchangeWrites.userMessageCte(v, parent));
    if (shape.existing) ctes.push(exchangeWrites.newLeafCte(v));
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
export interface FinishShape {
  withReply: boolean;
  extendsReply: boolean;
  features: number;
  /** The model call's usage row goes with it (issue 43), as its owner writes it. */
  usage: UsageInsert | null;
}

export function finishStatement(shape: FinishShape): SQL {
  const ctes: SQL[] = [];
  if (shape.withReply) ctes.push(shape.extendsReply ? exchangeWrites.extendReplyCte(v) : exchangeWrites.insertReplyCte(v));
  ctes.push(chatRepository.interactionCte(v, shape.withReply, shape.extendsReply));
  if (shape.usage) ctes.push(shape.usage(v));
  if (shape.features > 0) ctes.push(chatRepository.featureEventsCte(v, shape.features));
  return sql`with ${sql.join(ctes, sql`, `)} ${exchangeWrites.touchConversation(v, shape.withReply)}`;
}
