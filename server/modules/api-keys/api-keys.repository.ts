import { and, count, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { apiKeys, type ApiKeyRow } from '../../db/schema/api-keys';
import { teamPolicies } from '../../db/schema/team-controls';
import { teamMembers, teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';

/** The only writer of `api_keys`. */
export const apiKeysRepository = {
  async insert(db: Db, row: { userId: string; name: string; keyHash: string; prefix: string; createdAt: Date; expiresAt: Date | null }): Promise<ApiKeyRow> {
    const [created] = await db.insert(apiKeys).values(row).returning();
    return created!;
  },

  listOf: (db: Db, userId: string) => db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id)),

  async countOf(db: Db, userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, userId));
    return row?.n ?? 0;
  },

  /** The user's own key only: another user's id deletes nothing. */
  async deleteOwn(db: Db, userId: string, id: string): Promise<ApiKeyRow | undefined> {
    const [deleted] = await db.delete(apiKeys).where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId))).returning();
    return deleted;
  },

  async deleteAllOf(db: Db, userId: string): Promise<number> {
    const deleted = await db.delete(apiKeys).where(eq(apiKeys.userId, userId)).returning({ id: apiKeys.id });
    return deleted.length;
  },

  /**
   * The key and its user, with the user's team and plan and the team policy's API and tools
   * switches (one query, like a session's; null switches when the team has no policy row), when
   * the key exists, has not expired and its account is active: a suspended or erasing account's
   * keys answer nothing.
   */
  async findLive(db: Db, keyHash: string, now: Date) {
    const [row] = await db
      .select({
        key: { id: apiKeys.id, lastUsedAt: apiKeys.lastUsedAt, expiresAt: apiKeys.expiresAt },
        user: { id: users.id, email: users.email, username: users.username },
        team: { id: teams.id, name: teams.name, plan: teams.plan, premiumUntil: teams.premiumUntil, role: teamMembers.role },
        policy: { api: teamPolicies.api, tools: teamPolicies.tools },
      })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .innerJoin(teamMembers, eq(teamMembers.userId, apiKeys.userId))
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .leftJoin(teamPolicies, eq(teamPolicies.teamId, teams.id))
      .where(and(eq(apiKeys.keyHash, keyHash), eq(users.status, 'active'), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now))))
      .limit(1);
    return row;
  },

  /** Sets lastUsedAt unless another request did so since `staleBefore` (a cheap no-op then). */
  async touch(db: Db, id: string, now: Date, staleBefore: Date) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))));
  },
};
