import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { adminAuditLog, admins, adminSessions, type AdminRow } from '../../db/schema/admin';

export const adminAuthRepository = {
  async countAdmins(db: Db): Promise<number> {
    const rows = await db.select({ id: admins.id }).from(admins).limit(1);
    return rows.length;
  },

  async findAdminByUsername(db: Db, username: string): Promise<AdminRow | undefined> {
    const [row] = await db.select().from(admins).where(eq(admins.username, username)).limit(1);
    return row;
  },

  /** Inserts an admin; returns undefined when the name is taken (another process won the race). */
  async insertAdmin(db: Db, row: { username: string; passwordHash: string }): Promise<AdminRow | undefined> {
    const [created] = await db.insert(admins).values(row).onConflictDoNothing({ target: admins.username }).returning();
    return created;
  },

  async updatePassword(db: Db, adminId: string, passwordHash: string) {
    await db.update(admins).set({ passwordHash }).where(eq(admins.id, adminId));
  },

  async insertSession(db: Db, row: { adminId: string; tokenHash: string; expiresAt: Date }) {
    await db.insert(adminSessions).values(row);
  },

  async findLiveSession(db: Db, tokenHash: string, now: Date) {
    const [row] = await db
      .select({ sessionId: adminSessions.id, adminId: admins.id, username: admins.username })
      .from(adminSessions)
      .innerJoin(admins, eq(admins.id, adminSessions.adminId))
      .where(and(eq(adminSessions.tokenHash, tokenHash), gt(adminSessions.expiresAt, now)))
      .limit(1);
    return row;
  },

  async deleteSession(db: Db, tokenHash: string) {
    await db.delete(adminSessions).where(eq(adminSessions.tokenHash, tokenHash));
  },

  async deleteSessionsOf(db: Db, adminId: string) {
    await db.delete(adminSessions).where(eq(adminSessions.adminId, adminId));
  },

  async deleteExpiredSessions(db: Db, now: Date) {
    await db.delete(adminSessions).where(lt(adminSessions.expiresAt, now));
  },

  async insertAudit(
    db: Db,
    row: { username: string; success: boolean; ip: string; userAgent: string | null; reason: string | null; createdAt: Date },
  ) {
    await db.insert(adminAuditLog).values(row);
  },

  /** The most recent wrong-password attempts since a time, newest first (served by the name/address indexes). */
  async recentFailures(db: Db, by: { username: string } | { ip: string }, since: Date, limit: number) {
    const who = 'username' in by ? eq(adminAuditLog.username, by.username) : eq(adminAuditLog.ip, by.ip);
    return db
      .select({ createdAt: adminAuditLog.createdAt })
      .from(adminAuditLog)
      .where(and(who, gt(adminAuditLog.createdAt, since), eq(adminAuditLog.success, false), eq(adminAuditLog.reason, 'invalid_credentials')))
      .orderBy(desc(adminAuditLog.createdAt))
      .limit(limit);
  },

  async auditRows(db: Db, limit = 100) {
    return db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.createdAt)).limit(limit);
  },
};
