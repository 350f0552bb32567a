import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { adminActions, userExports } from '../../db/schema/accounts';
import { demoRequests } from '../../db/schema/commerce';
import { files, uploads } from '../../db/schema/files';
import { teamInvitations, teamMembers, teams } from '../../db/schema/teams';
import { sessions, users } from '../../db/schema/users';

/**
 * Erasure's SQL. Most rows go by the users row's ON DELETE CASCADE (conversations, messages,
 * private folders, files, uploads, sessions, team seat, exports; the team folders it made were
 * handed to their teams' owners first, by the files module); payments, interactions and feature
 * events keep their rows with user_id set to NULL (the books and the admin figures stay exact,
 * naming no one). What no foreign key reaches is removed or cleared here by hand.
 */
export const erasureRepository = {
  async account(db: Db, userId: string) {
    const [row] = await db
      .select({ id: users.id, email: users.email, username: users.username, passwordHash: users.passwordHash, status: users.status })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row;
  },

  async membership(db: Db, userId: string) {
    const [row] = await db.select({ teamId: teamMembers.teamId, role: teamMembers.role }).from(teamMembers).where(eq(teamMembers.userId, userId)).limit(1);
    return row;
  },

  async lockTeam(db: Db, teamId: string) {
    await db.execute(sql`select id from ${teams} where ${teams.id} = ${teamId} for update`);
  },

  async otherMembers(db: Db, teamId: string, userId: string) {
    const rows = await db.select({ userId: teamMembers.userId }).from(teamMembers).where(and(eq(teamMembers.teamId, teamId), ne(teamMembers.userId, userId)));
    return rows.length;
  },

  /** Closes the account: no session works from here on, and a restart knows to finish. */
  async markErasing(db: Db, userId: string) {
    await db.update(users).set({ status: 'erasing' }).where(eq(users.id, userId));
    await db.delete(sessions).where(eq(sessions.userId, userId));
  },

  erasing: (db: Db) => db.select({ id: users.id }).from(users).where(eq(users.status, 'erasing')),

  /** Every object key the account's rows name (files, uploads, exports). */
  async objectKeys(db: Db, userId: string) {
    const [fileRows, uploadRows, exportRows] = await Promise.all([
      db.select({ path: files.objectPath }).from(files).where(eq(files.userId, userId)),
      db.select({ key: uploads.objectKey }).from(uploads).where(eq(uploads.userId, userId)),
      db.select({ key: userExports.objectKey }).from(userExports).where(eq(userExports.userId, userId)),
    ]);
    return [...fileRows.map((r) => r.path.replace(/^\/objects\//, '')), ...uploadRows.map((r) => r.key), ...exportRows.map((r) => r.key)];
  },

  /** Object keys under the account's prefix that another account's file rows name. */
  async keysHeldByOthers(db: Db, userId: string) {
    const rows = await db
      .select({ path: files.objectPath })
      .from(files)
      .where(and(sql`${files.objectPath} like ${`/objects/users/${userId}/%`}`, ne(files.userId, userId)));
    return rows.map((r) => r.path.replace(/^\/objects\//, ''));
  },

  /** The rows, in one transaction (the caller's): after it, no table names the account. */
  async eraseRows(db: Db, account: { id: string; email: string; username: string }) {
    const seat = await erasureRepository.membership(db, account.id);
    // Rows keyed by the email, not the id: the person's demo request and invitations to them.
    await db.delete(demoRequests).where(sql`lower(${demoRequests.email}) = lower(${account.email})`);
    await db.delete(teamInvitations).where(sql`lower(${teamInvitations.email}) = lower(${account.email})`);
    // The admin log keeps what was done, to no one in particular.
    await db.update(adminActions).set({ targetUserId: null, targetLabel: 'erased account', details: null }).where(eq(adminActions.targetUserId, account.id));
    // A team's audit names the invited address (no account yet) and who acted (issue 43).
    await db
      .update(adminActions)
      .set({ targetLabel: 'erased account', details: null })
      .where(and(isNull(adminActions.targetUserId), sql`lower(${adminActions.targetLabel}) = lower(${account.email})`));
    await db.update(adminActions).set({ actorUserId: null }).where(eq(adminActions.actorUserId, account.id));
    const alone = seat !== undefined && (await erasureRepository.otherMembers(db, seat.teamId, account.id)) === 0;
    if (seat && alone) {
      // A team of one goes with its member (payments that credited it keep their rows, team NULL).
      // Before the account: the team's trigger hands its files back to their uploaders (a former
      // member's stay theirs), where the account's folders' cascade would have deleted them.
      await db.delete(teams).where(eq(teams.id, seat.teamId));
    }
    await db.delete(users).where(eq(users.id, account.id));
    if (seat && !alone) {
      // A team still named after the person (sign-up names it so) loses the name.
      await db.update(teams).set({ name: 'Team' }).where(and(eq(teams.id, seat.teamId), sql`lower(${teams.name}) = lower(${account.username})`));
    }
  },
};
