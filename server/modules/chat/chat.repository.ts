import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { conversations, interactions, messages } from '../../db/schema/chat';

/** Chat SQL besides the exchange's two statements (chat-exchange.repository.ts); scoped to the user's id. */

export const chatRepository = {
  async deleteConversation(db: Db, conversationId: string) {
    await db.delete(conversations).where(eq(conversations.id, conversationId));
  },

  async deleteMessage(db: Db, messageId: string) {
    await db.delete(messages).where(eq(messages.id, messageId));
  },

  /** The model's title for a new conversation, only while it still has its keyword title (a rename wins). */
  async replaceTitle(db: Db, userId: string, conversationId: string, from: string, to: string) {
    await db
      .update(conversations)
      .set({ title: to })
      .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId), eq(conversations.title, from)));
  },

  /** A user message's exchange status: failed (shown with Retry, not counted) or complete again on retry. */
  async setUserMessageStatus(db: Db, messageId: string, status: 'complete' | 'failed') {
    await db.update(messages).set({ status }).where(and(eq(messages.id, messageId), eq(messages.role, 'user')));
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
      const updated = await tx
        .update(messages)
        .set({ feedback })
        .where(and(eq(messages.id, messageId), eq(messages.userId, userId), eq(messages.role, 'assistant')))
        .returning({ id: messages.id });
      if (updated.length === 0) return false;
      await tx.update(interactions).set({ feedback }).where(eq(interactions.messageId, messageId));
      return true;
    });
  },
};
