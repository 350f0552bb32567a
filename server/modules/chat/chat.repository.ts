import { and, asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { conversations, interactions, messages } from '../../db/schema/chat';
import { conversationWrites } from '../conversations/conversation-writes';

/**
 * Chat SQL besides the exchange's two statements (chat-exchange.repository.ts); scoped to the
 * user's id. The one writer of `interactions` and `feature_events` (docs/decisions.md, "Data: one
 * writer per table"): the exchange's finish statement embeds the two fragments below. Conversations
 * and messages are written by their owner, conversations/conversation-writes.ts.
 */

/** A placeholder of the statement a fragment goes into (statement-by-shape.ts). */
type Value = (name: string) => SQLWrapper;

export const chatRepository = {
  deleteConversation: conversationWrites.deleteConversation,
  deleteMessage: conversationWrites.deleteMessage,
  replaceTitle: conversationWrites.replaceTitle,
  setUserMessageStatus: conversationWrites.setUserMessageStatus,

  /** The conversation's interaction row for the exchange, about the reply when there is one (else null). */
  interactionCte(v: Value, withReply: boolean, continuation: boolean): SQL {
    return sql`interaction as (
    insert into interactions (user_id, message_id, persona, mode, response_time_ms, success, tokens, continuation, created_at)
    values (${v('user')}::uuid, ${withReply ? sql`${v('reply')}::uuid` : sql`null::uuid`}, ${v('persona')}::text, ${v('mode')}::text,
            ${v('responseTimeMs')}::int, ${v('success')}::boolean, ${v('tokens')}::int, ${sql.raw(String(continuation))}, ${v('now')}::timestamptz)
  )`;
  },

  /** The exchange's feature events, over the placeholders feature0, action0, feature1, ... */
  featureEventsCte(v: Value, count: number): SQL {
    const rows = Array.from({ length: count }, (_, i) => sql`(${v('user')}::uuid, ${v(`feature${i}`)}::text, ${v(`action${i}`)}::text, ${v('now')}::timestamptz)`);
    return sql`events as (insert into feature_events (user_id, feature, action, created_at) values ${sql.join(rows, sql`, `)})`;
  },

  /** The user's own conversation with all its messages in creation order (the tree); null when not theirs. */
  async conversationTree(db: Db, userId: string, conversationId: string) {
    const [conversation] = await db
      .select({ id: conversations.id, activeLeafId: conversations.activeLeafId })
      .from(conversations)
      .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId)))
      .limit(1);
    if (!conversation) return null;
    const rows = await db
      .select({
        id: messages.id,
        parentId: messages.parentId,
        role: messages.role,
        content: messages.content,
        attachments: messages.attachments,
        status: messages.status,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .where(eq(messages.conversationId, conversationId))
      .orderBy(asc(messages.createdAt), asc(messages.id));
    return { activeLeafId: conversation.activeLeafId, rows };
  },

  /** Sets thumbs on the user's own assistant message and its interaction; false when not theirs. */
  async setFeedback(db: Db, userId: string, messageId: string, feedback: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      if (!(await conversationWrites.setReplyFeedback(tx, userId, messageId, feedback))) return false;
      await tx.update(interactions).set({ feedback }).where(eq(interactions.messageId, messageId));
      return true;
    });
  },
};
