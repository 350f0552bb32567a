import { and, asc, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { conversations, messages } from '../../db/schema/chat';

/** The SQL of the conversation list, detail, export and delete; always scoped to the owner. */

// Written out in full: inside a select, Drizzle would render the columns unqualified.
const messageCount = sql<number>`(select count(*)::int from "messages" where "messages"."conversation_id" = "conversations"."id")`;

/** What a conversation summary reads: the list and a single conversation's header. */
const summaryColumns = {
  id: conversations.id,
  title: conversations.title,
  persona: conversations.persona,
  mode: conversations.mode,
  createdAt: conversations.createdAt,
  updatedAt: conversations.updatedAt,
  messageCount,
};

export const conversationsRepository = {
  /** Newest first by last activity, keyset-paginated on (updatedAt, id). */
  async listPage(db: Db, userId: string, limit: number, after: { updatedAt: Date; id: string } | null) {
    const keyset = after
      ? or(lt(conversations.updatedAt, after.updatedAt), and(eq(conversations.updatedAt, after.updatedAt), lt(conversations.id, after.id)))
      : undefined;
    return db
      .select(summaryColumns)
      .from(conversations)
      .where(and(eq(conversations.userId, userId), keyset))
      .orderBy(desc(conversations.updatedAt), desc(conversations.id))
      .limit(limit + 1);
  },

  async findOwn(db: Db, userId: string, id: string) {
    const [row] = await db
      .select(summaryColumns)
      .from(conversations)
      .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
      .limit(1);
    return row ?? null;
  },

  async messagesOf(db: Db, conversationId: string) {
    return db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, conversationId))
      .orderBy(asc(messages.createdAt), asc(messages.id));
  },

  async deleteOwn(db: Db, userId: string, id: string): Promise<boolean> {
    const rows = await db
      .delete(conversations)
      .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
      .returning({ id: conversations.id });
    return rows.length > 0;
  },
};
