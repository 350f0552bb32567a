import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { AccountStatus } from '@contract/accounts';
import type { Db } from '../../db/database';
import { teamMembers, teams } from '../../db/schema/teams';
import { sessions, users, type UserRow } from '../../db/schema/users';
import { usernameMatches } from './username-match';

export const authRepository = {
  /** `emailVerifiedAt` only for an account a provider vouched for (single sign-on); a password sign-up starts unverified. */
  async insertUser(db: Db, row: { email: string; username: string; passwordHash: string; emailVerifiedAt?: Date }): Promise<UserRow> {
    const [user] = await db.insert(users).values(row).returning();
    return user!;
  },

  async findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
    const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    return user;
  },

  async findUserByEmailOrUsername(db: Db, email: string, username: string) {
    return db
      .select({ email: users.email, username: users.username })
      .from(users)
      .where(or(eq(users.email, email), usernameMatches(username)))
      .limit(2);
  },

  async insertSession(db: Db, row: { userId: string; tokenHash: string; expiresAt: Date; userAgent: string | null; ipAddress: string | null }) {
    await db.insert(sessions).values(row);
  },

  async findUserById(db: Db, userId: string): Promise<UserRow | undefined> {
    const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    return user;
  },

  /** Marks the address verified, only while the account still uses `email` (false otherwise). */
  async markEmailVerified(db: Db, userId: string, email: string, now: Date): Promise<boolean> {
    const updated = await db
      .update(users)
      .set({ emailVerifiedAt: now })
      .where(and(eq(users.id, userId), eq(users.email, email), isNull(users.emailVerifiedAt)))
      .returning({ id: users.id });
    return updated.length > 0;
  },

  async setPasswordHash(db: Db, userId: string, passwordHash: string) {
    await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  },

  async setStatus(db: Db, userId: string, status: AccountStatus) {
    await db.update(users).set({ status }).where(eq(users.id, userId));
  },

  /** A new address is unverified until a link mailed to it is opened (the old one's proof does not carry over). */
  async setEmailAndUsername(db: Db, userId: string, values: { email: string; username: string }) {
    await db
      .update(users)
      .set({ ...values, emailVerifiedAt: sql`case when ${users.email} = ${values.email} then ${users.emailVerifiedAt} else null end` })
      .where(eq(users.id, userId));
  },

  async setChosenPersona(db: Db, userId: string, persona: string) {
    await db.update(users).set({ chosenPersona: persona }).where(eq(users.id, userId));
  },

  async setLanguage(db: Db, userId: string, language: string) {
    await db.update(users).set({ language }).where(eq(users.id, userId));
  },

  /** The account's row; the tables keyed to it follow by their foreign keys (cascade or set null). */
  async deleteUser(db: Db, userId: string) {
    await db.delete(users).where(eq(users.id, userId));
  },

  /** A user's live sessions, the most recently seen first. */
  async sessionsOf(db: Db, userId: string, now: Date) {
    return db
      .select({ id: sessions.id, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, userAgent: sessions.userAgent, ipAddress: sessions.ipAddress })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  },

  /** Deletes the session only when it is this user's: false for anyone else's id. */
  async deleteSessionOf(db: Db, userId: string, sessionId: string): Promise<boolean> {
    const deleted = await db.delete(sessions).where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId))).returning({ id: sessions.id });
    return deleted.length > 0;
  },

  /** Every session of the user but one (undefined: all of them); the number ended. */
  async deleteSessionsOf(db: Db, userId: string, exceptSessionId?: string): Promise<number> {
    const where = exceptSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)) : eq(sessions.userId, userId);
    const deleted = await db.delete(sessions).where(where).returning({ id: sessions.id });
    return deleted.length;
  },

  /** The live session for a token hash, with its user and their team; one indexed lookup. */
  async findLiveSession(db: Db, tokenHash: string, now: Date) {
    const [row] = await db
      .select({
        session: sessions,
        user: users,
        team: { id: teams.id, name: teams.name, plan: teams.plan, premiumUntil: teams.premiumUntil, role: teamMembers.role },
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(teamMembers, eq(teamMembers.userId, sessions.userId))
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      // Only an active account's sessions count: suspension and erasure end them, and this covers a race.
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now), eq(users.status, 'active')))
      .limit(1);
    return row;
  },

  async touchSession(db: Db, sessionId: string, userId: string, now: Date) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
    await db.update(users).set({ lastActiveAt: now }).where(eq(users.id, userId));
  },

  async deleteSession(db: Db, tokenHash: string) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  },

  async deleteSessionById(db: Db, sessionId: string) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
  },

  async deleteExpiredSessions(db: Db, now: Date, idleCutoff: Date) {
    await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleCutoff)));
  },
};
