import { and, asc, desc, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { conversations, featureEvents, interactions, messages } from '../../db/schema/chat';
import { promos } from '../../db/schema/commerce';
import { files, folders } from '../../db/schema/files';

/** The SQL of a chat exchange. Every query is scoped to the signed-in user's id. */

export type NewMessage = typeof messages.$inferInsert;

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

  /** A live promotion that opens legal mode to everyone (SPEC activate_free_tier). */
  async freeTierPromotionLive(db: Db, now: Date): Promise<boolean> {
    const [row] = await db
      .select({ id: promos.id })
      .from(promos)
      .where(and(eq(promos.action, 'activate_free_tier'), eq(promos.active, true), gt(promos.expiresAt, now)))
      .limit(1);
    return Boolean(row);
  },

  /** The user's messages in the last minute (and the oldest of them) and since `dayStart`, in one read. */
  async userMessageCounts(db: Db, userId: string, minuteAgo: Date, dayStart: Date) {
    const inMinute = sql`${messages.createdAt} >= ${minuteAgo.toISOString()}`;
    const [row] = await db
      .select({
        lastMinute: sql<number>`(count(*) filter (where ${inMinute}))::int`,
        oldestInLastMinute: sql<string | null>`min(${messages.createdAt}) filter (where ${inMinute})`,
        today: sql<number>`(count(*) filter (where ${messages.createdAt} >= ${dayStart.toISOString()}))::int`,
      })
      .from(messages)
      .where(
        and(
          eq(messages.userId, userId),
          eq(messages.role, 'user'),
          gte(messages.createdAt, minuteAgo < dayStart ? minuteAgo : dayStart),
        ),
      );
    return {
      lastMinute: row?.lastMinute ?? 0,
      oldestInLastMinute: row?.oldestInLastMinute ? new Date(row.oldestInLastMinute) : null,
      today: row?.today ?? 0,
    };
  },

  async findOwnConversation(db: Db, userId: string, conversationId: string) {
    const [row] = await db
      .select()
      .from(conversations)
      .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId)))
      .limit(1);
    return row ?? null;
  },

  async createConversation(db: Db, values: { userId: string; title: string; persona: string; mode: string; now: Date }) {
    const [row] = await db
      .insert(conversations)
      .values({ userId: values.userId, title: values.title, persona: values.persona, mode: values.mode, createdAt: values.now, updatedAt: values.now })
      .returning();
    return row!;
  },

  async touchConversation(db: Db, conversationId: string, values: { persona: string; mode: string; now: Date }) {
    await db
      .update(conversations)
      .set({ persona: values.persona, mode: values.mode, updatedAt: values.now })
      .where(eq(conversations.id, conversationId));
  },

  async deleteConversation(db: Db, conversationId: string) {
    await db.delete(conversations).where(eq(conversations.id, conversationId));
  },

  async deleteMessage(db: Db, messageId: string) {
    await db.delete(messages).where(eq(messages.id, messageId));
  },

  /** The last `limit` messages of a conversation, oldest first. */
  async recentMessages(db: Db, conversationId: string, limit: number) {
    const rows = await db
      .select({ role: messages.role, content: messages.content })
      .from(messages)
      .where(eq(messages.conversationId, conversationId))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(limit);
    return rows.reverse();
  },

  async insertMessage(db: Db, values: NewMessage) {
    const [row] = await db.insert(messages).values(values).returning();
    return row!;
  },

  async insertInteraction(db: Db, values: typeof interactions.$inferInsert) {
    await db.insert(interactions).values(values);
  },

  async insertFeatureEvents(db: Db, rows: (typeof featureEvents.$inferInsert)[]) {
    if (rows.length > 0) await db.insert(featureEvents).values(rows);
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
