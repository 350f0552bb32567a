import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { conversations, interactions, messages } from '../../db/schema/chat';
import { files, folders } from '../../db/schema/files';

/** Chat SQL besides the exchange's two statements (chat-exchange.repository.ts); scoped to the user's id. */

export const chatRepository = {
  async findOwnFileById(db: Db, userId: string, fileId: string) {
    const [row] = await db.select().from(files).where(and(eq(files.id, fileId), eq(files.userId, userId))).limit(1);
    return row ?? null;
  },

  async findOwnFileByObjectPath(db: Db, userId: string, objectPath: string) {
    const [row] = await db
      .select()
      .from(files)
      .where(and(eq(files.objectPath, objectPath), eq(files.userId, userId)))
      .limit(1);
    return row ?? null;
  },

  async deleteConversation(db: Db, conversationId: string) {
    await db.delete(conversations).where(eq(conversations.id, conversationId));
  },

  async deleteMessage(db: Db, messageId: string) {
    await db.delete(messages).where(eq(messages.id, messageId));
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

  /** The user's top-level "Generated images" folder, created on first use. */
  async generatedImagesFolder(db: Db, userId: string, name: string): Promise<string> {
    const where = and(eq(folders.userId, userId), isNull(folders.parentId), eq(folders.name, name));
    const [existing] = await db.select({ id: folders.id }).from(folders).where(where).orderBy(asc(folders.createdAt)).limit(1);
    if (existing) return existing.id;
    await db.insert(folders).values({ userId, name, parentId: null }).onConflictDoNothing();
    const [row] = await db.select({ id: folders.id }).from(folders).where(where).limit(1);
    return row!.id;
  },

  async insertFile(db: Db, values: typeof files.$inferInsert) {
    const [row] = await db.insert(files).values(values).returning();
    return row!;
  },
};
