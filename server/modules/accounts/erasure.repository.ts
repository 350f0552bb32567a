import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { userExports } from '../../db/schema/accounts';
import { files, uploads } from '../../db/schema/files';
import { teamMembers, teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';

/**
 * Erasure's reads (its writes are the owners' functions, called by erase-rows.ts). Most rows go by the users row's ON DELETE CASCADE (conversations, messages,
 * private folders, files, uploads, sessions, team seat, exports; the team folders it made were
 * handed to their teams' owners first, by the files module); payments, interactions and feature
 * events keep their rows with user_id set to NULL (the books and the admin figures stay exact,
 * naming no one). What no foreign key reaches is removed or cleared by hand, by erase-rows.ts.
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
};
