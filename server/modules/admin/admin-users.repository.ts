import { and, desc, eq, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgInsertValue } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { adminActions } from '../../db/schema/accounts';
import { apiKeys } from '../../db/schema/api-keys';
import { files } from '../../db/schema/files';
import { teamInvitations, teamMembers, teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';

/** `%text%` for ILIKE with the user's own % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Newest first, then by id: the keyset every admin list pages by. */
const before = (createdAt: AnyPgColumn, id: AnyPgColumn, cursor?: { at: Date; id: string }): SQL | undefined =>
  cursor ? or(lt(createdAt, cursor.at), and(eq(createdAt, cursor.at), lt(id, cursor.id))) : undefined;

/**
 * The admin console's view of accounts, teams and its own actions. Never a conversation or a
 * file's content: only counts and sizes.
 */
export const adminUsersRepository = {
  listUsers: (db: Db, options: { search?: string; cursor?: { at: Date; id: string }; limit: number; id?: string }) =>
    db
      .select({
        id: users.id,
        email: users.email,
        username: users.username,
        status: users.status,
        createdAt: users.createdAt,
        lastActiveAt: users.lastActiveAt,
        teamId: teams.id,
        teamName: teams.name,
        role: teamMembers.role,
        plan: teams.plan,
        premiumUntil: teams.premiumUntil,
        storageBytes: sql<number>`(select coalesce(sum(${files.size}), 0) from ${files} where ${files.userId} = ${users.id})`.mapWith(Number),
        // Served by api_keys_user_idx.
        apiKeys: sql<number>`(select count(*) from ${apiKeys} where ${apiKeys.userId} = ${users.id})`.mapWith(Number),
      })
      .from(users)
      .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
      .leftJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(
        and(
          options.search ? or(sql`${users.email} ilike ${containing(options.search)}`, sql`${users.username} ilike ${containing(options.search)}`) : undefined,
          before(users.createdAt, users.id, options.cursor),
          options.id ? eq(users.id, options.id) : undefined,
        ),
      )
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(options.limit + 1),

  async findUser(db: Db, id: string) {
    const [row] = await db
      .select({ id: users.id, email: users.email, status: users.status, teamId: teamMembers.teamId })
      .from(users)
      .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
      .where(eq(users.id, id))
      .limit(1);
    return row;
  },

  async lockTeam(db: Db, teamId: string) {
    const [row] = await db.select().from(teams).where(eq(teams.id, teamId)).for('update');
    return row;
  },

  /** The one writer of admin_actions (other modules go through audit-log.ts). */
  async audit(db: Db, row: PgInsertValue<typeof adminActions>) {
    await db.insert(adminActions).values(row);
  },

  /** The log keeps what was done to and by an erased account, naming it no more. */
  async forgetAccount(db: Db, account: { id: string; email: string }) {
    await db.update(adminActions).set({ targetUserId: null, targetLabel: 'erased account', details: null }).where(eq(adminActions.targetUserId, account.id));
    // A team's audit names the invited address (no account yet) and who acted (issue 43).
    await db
      .update(adminActions)
      .set({ targetLabel: 'erased account', details: null })
      .where(and(isNull(adminActions.targetUserId), sql`lower(${adminActions.targetLabel}) = lower(${account.email})`));
    await db.update(adminActions).set({ actorUserId: null }).where(eq(adminActions.actorUserId, account.id));
  },

  listTeams: (db: Db, options: { search?: string; cursor?: { at: Date; id: string }; limit: number }) =>
    db
      .select({ id: teams.id, name: teams.name, plan: teams.plan, premiumUntil: teams.premiumUntil, createdAt: teams.createdAt })
      .from(teams)
      .where(
        and(
          options.search
            ? or(
                sql`${teams.name} ilike ${containing(options.search)}`,
                sql`exists (select 1 from ${teamMembers} join ${users} on ${users.id} = ${teamMembers.userId} where ${teamMembers.teamId} = ${teams.id} and (${users.email} ilike ${containing(options.search)} or ${users.username} ilike ${containing(options.search)}))`,
              )
            : undefined,
          before(teams.createdAt, teams.id, options.cursor),
        ),
      )
      .orderBy(desc(teams.createdAt), desc(teams.id))
      .limit(options.limit + 1),

  membersOf: (db: Db, teamIds: string[]) =>
    teamIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ teamId: teamMembers.teamId, userId: users.id, username: users.username, email: users.email, role: teamMembers.role })
          .from(teamMembers)
          .innerJoin(users, eq(users.id, teamMembers.userId))
          .where(inArray(teamMembers.teamId, teamIds))
          // The owner first, then admins, then members, each by when they joined.
          .orderBy(sql`case ${teamMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`, teamMembers.joinedAt),

  pendingInvitationsOf: (db: Db, teamIds: string[], now: Date) =>
    teamIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ teamId: teamInvitations.teamId, n: sql<number>`count(*)`.mapWith(Number) })
          .from(teamInvitations)
          .where(and(inArray(teamInvitations.teamId, teamIds), isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt), sql`${teamInvitations.expiresAt} > ${now}`))
          .groupBy(teamInvitations.teamId),

  listAudit: (db: Db, options: { action?: string; admin?: string; from?: Date; to?: Date; cursor?: { at: Date; id: string }; limit: number }) =>
    db
      .select()
      .from(adminActions)
      .where(
        and(
          options.action ? eq(adminActions.action, options.action) : undefined,
          options.admin ? sql`lower(${adminActions.adminUsername}) = lower(${options.admin})` : undefined,
          options.from ? gte(adminActions.createdAt, options.from) : undefined,
          options.to ? lt(adminActions.createdAt, options.to) : undefined,
          before(adminActions.createdAt, adminActions.id, options.cursor),
        ),
      )
      .orderBy(desc(adminActions.createdAt), desc(adminActions.id))
      .limit(options.limit + 1),
};
