import { and, asc, desc, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { userExports } from '../../db/schema/accounts';
import { conversations, messages } from '../../db/schema/chat';
import { payments } from '../../db/schema/commerce';
import { files, folders } from '../../db/schema/files';
import { teamMembers, teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';

const PAGE = 200;

/**
 * The export's rows, and everything an export reads of its owner. Reads are paged or per
 * conversation, so an account of any size is archived with bounded memory.
 */
export const exportsRepository = {
  async insert(db: Db, row: { userId: string; objectKey: string; createdAt: Date; expiresAt: Date }) {
    const [created] = await db.insert(userExports).values(row).returning();
    return created!;
  },

  async markReady(db: Db, id: string, size: number, now: Date, expiresAt: Date) {
    await db.update(userExports).set({ status: 'ready', size, completedAt: now, expiresAt }).where(eq(userExports.id, id));
  },

  async markFailed(db: Db, id: string, now: Date) {
    await db.update(userExports).set({ status: 'failed', completedAt: now }).where(eq(userExports.id, id));
  },

  async findOf(db: Db, userId: string, id: string) {
    const [row] = await db.select().from(userExports).where(and(eq(userExports.id, id), eq(userExports.userId, userId))).limit(1);
    return row;
  },

  listOf: (db: Db, userId: string) =>
    db.select().from(userExports).where(eq(userExports.userId, userId)).orderBy(desc(userExports.createdAt)).limit(20),

  /** Exports past their time, and builds a crash left unfinished: what the sweep removes. */
  expired: (db: Db, now: Date) =>
    db
      .select({ id: userExports.id, objectKey: userExports.objectKey })
      .from(userExports)
      .where(lte(userExports.expiresAt, now))
      .limit(500),

  /** Builds that were running when the process stopped: they will never finish. */
  unfinished: (db: Db) => db.select({ id: userExports.id }).from(userExports).where(eq(userExports.status, 'building')),

  async remove(db: Db, id: string) {
    await db.delete(userExports).where(eq(userExports.id, id));
  },

  // ── what goes into the archive ──

  async profileOf(db: Db, userId: string) {
    const [row] = await db
      .select({
        id: users.id,
        email: users.email,
        username: users.username,
        createdAt: users.createdAt,
        lastActiveAt: users.lastActiveAt,
        teamName: teams.name,
        role: teamMembers.role,
        plan: teams.plan,
        premiumUntil: teams.premiumUntil,
      })
      .from(users)
      .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
      .leftJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(eq(users.id, userId))
      .limit(1);
    return row;
  },

  /** Conversation headers in pages of PAGE, oldest first, after (createdAt, id). */
  conversationsPage: (db: Db, userId: string, after?: { createdAt: Date; id: string }) =>
    db
      .select()
      .from(conversations)
      .where(
        and(
          eq(conversations.userId, userId),
          after ? or(gt(conversations.createdAt, after.createdAt), and(eq(conversations.createdAt, after.createdAt), gt(conversations.id, after.id))) : undefined,
        ),
      )
      .orderBy(asc(conversations.createdAt), asc(conversations.id))
      .limit(PAGE),

  messagesOf: (db: Db, userId: string, conversationId: string) =>
    db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), eq(messages.userId, userId)))
      .orderBy(asc(messages.createdAt), asc(messages.id)),

  /**
   * The private library only (team_id null): what someone put in a team library is the team's,
   * and a person who left the team must not carry its files away (README, "Security").
   */
  foldersOf: (db: Db, userId: string) =>
    db
      .select({ id: folders.id, parentId: folders.parentId, name: folders.name })
      .from(folders)
      .where(and(eq(folders.userId, userId), isNull(folders.teamId))),

  /** The private files, as foldersOf. */

  filesPage: (db: Db, userId: string, after?: { uploadedAt: Date; id: string }) =>
    db
      .select()
      .from(files)
      .where(
        and(
          eq(files.userId, userId),
          isNull(files.teamId),
          after ? or(gt(files.uploadedAt, after.uploadedAt), and(eq(files.uploadedAt, after.uploadedAt), gt(files.id, after.id))) : undefined,
        ),
      )
      .orderBy(asc(files.uploadedAt), asc(files.id))
      .limit(PAGE),

  paymentsOf: (db: Db, userId: string) =>
    db
      .select({
        id: payments.id,
        cryptocurrency: payments.cryptocurrency,
        amount: payments.amount,
        amountUsd: payments.amountUsd,
        status: payments.status,
        plan: payments.plan,
        txHash: payments.txHash,
        note: payments.note,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(asc(payments.createdAt)),

  feedbackOf: (db: Db, userId: string) =>
    db
      .select({ messageId: messages.id, conversationId: messages.conversationId, feedback: messages.feedback, createdAt: messages.createdAt })
      .from(messages)
      .where(and(eq(messages.userId, userId), isNotNull(messages.feedback)))
      .orderBy(asc(messages.createdAt)),
};
