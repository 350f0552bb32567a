import { and, asc, count, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AssignableRole, TeamRole } from '@contract/teams';
import type { Db } from '../../db/database';
import { teamInvitations, teamMembers, teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';

/** Not accepted, not revoked, not expired: a link that still opens the team and holds a seat. */
const pending = (now: Date) => and(isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt), gt(teamInvitations.expiresAt, now));

export const teamsRepository = {
  /** A new team with this new account as its owner: what sign-up gives a person. */
  async createTeamOf(db: Db, userId: string, name: string) {
    const [team] = await db.insert(teams).values({ name }).returning();
    await db.insert(teamMembers).values({ teamId: team!.id, userId, role: 'owner' });
    return team!;
  },

  /** A new account joins an existing team (single sign-on by email domain). */
  async addMember(db: Db, teamId: string, userId: string, role: TeamRole, now: Date) {
    await db.insert(teamMembers).values({ teamId, userId, role, joinedAt: now });
  },

  /** Moves an existing member into a new team of their own, as its owner (leaving or being removed). */
  async moveToOwnTeam(db: Db, userId: string, name: string, now: Date) {
    const [team] = await db.insert(teams).values({ name, createdAt: now }).returning({ id: teams.id });
    await db.update(teamMembers).set({ teamId: team!.id, role: 'owner', joinedAt: now }).where(eq(teamMembers.userId, userId));
    return team!.id;
  },

  /** A new account joining an existing team (sign-up through an invitation). */
  async insertMember(db: Db, row: { teamId: string; userId: string; role: TeamRole; joinedAt: Date }) {
    await db.insert(teamMembers).values(row);
  },

  /** The language the account using `email` chose, if there is such an account (an invitation is mailed in it). */
  async languageOfEmail(db: Db, email: string): Promise<string | null> {
    const [row] = await db.select({ language: users.language }).from(users).where(eq(users.email, email)).limit(1);
    return row?.language ?? null;
  },

  async usernameOf(db: Db, userId: string): Promise<string | undefined> {
    const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId)).limit(1);
    return row?.username;
  },

  /** The team a user belongs to (every account has exactly one). */
  async teamIdOf(db: Db, userId: string): Promise<string | undefined> {
    const [row] = await db.select({ teamId: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, userId)).limit(1);
    return row?.teamId;
  },

  /** The caller's membership as the database has it now (not the session cache's copy). */
  async membershipOf(db: Db, userId: string): Promise<{ teamId: string; role: TeamRole } | undefined> {
    const [row] = await db
      .select({ teamId: teamMembers.teamId, role: teamMembers.role })
      .from(teamMembers)
      .where(eq(teamMembers.userId, userId))
      .limit(1);
    return row;
  },

  /** The member `userId` of team `teamId`, or undefined when they are in another team (or none). */
  async memberOf(db: Db, teamId: string, userId: string): Promise<{ role: TeamRole } | undefined> {
    const [row] = await db
      .select({ role: teamMembers.role })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)))
      .limit(1);
    return row;
  },

  /** The team row, locked until the transaction ends: seat counts and the owner rule are decided one at a time per team. */
  async planOf(db: Db, teamId: string): Promise<{ name: string; plan: string | null; premiumUntil: Date | null } | undefined> {
    const [row] = await db.select({ name: teams.name, plan: teams.plan, premiumUntil: teams.premiumUntil }).from(teams).where(eq(teams.id, teamId)).limit(1);
    return row;
  },

  async lockTeam(db: Db, teamId: string) {
    const [row] = await db.select().from(teams).where(eq(teams.id, teamId)).for('update');
    return row;
  },

  async findTeam(db: Db, teamId: string) {
    const [row] = await db.select().from(teams).where(eq(teams.id, teamId)).limit(1);
    return row;
  },

  async renameTeam(db: Db, teamId: string, name: string) {
    await db.update(teams).set({ name }).where(eq(teams.id, teamId));
  },

  /** Renames the team to `name` only while it is still called `previous` (letter case aside). */
  async renameIfNamed(db: Db, teamId: string, previous: string, name: string) {
    await db.update(teams).set({ name }).where(and(eq(teams.id, teamId), sql`lower(${teams.name}) = lower(${previous})`));
  },

  async setPlan(db: Db, teamId: string, plan: string | null, premiumUntil: Date) {
    await db.update(teams).set({ plan, premiumUntil }).where(eq(teams.id, teamId));
  },

  /** The team's row; its seats and invitations follow by their foreign keys. */
  async deleteTeam(db: Db, teamId: string) {
    await db.delete(teams).where(eq(teams.id, teamId));
  },

  /** The owner of a team: whom a payment naming only the team is recorded against. */
  async ownerOf(db: Db, teamId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'owner')))
      .limit(1);
    return row?.userId;
  },

  /** The owner first, then members in the order they joined. */
  async members(db: Db, teamId: string) {
    return db
      .select({ userId: users.id, username: users.username, email: users.email, role: teamMembers.role, joinedAt: teamMembers.joinedAt })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(eq(teamMembers.teamId, teamId))
      .orderBy(sql`${teamMembers.role} <> 'owner'`, asc(teamMembers.joinedAt), asc(users.username));
  },

  /** Members plus pending invitations: the seats a team uses. */
  async seatsUsed(db: Db, teamId: string, now: Date): Promise<number> {
    const [row] = await db
      .select({
        members: sql<number>`(select count(*) from ${teamMembers} where ${teamMembers.teamId} = ${teamId})`.mapWith(Number),
        invitations: count(),
      })
      .from(teamInvitations)
      .where(and(eq(teamInvitations.teamId, teamId), pending(now)));
    return row!.members + row!.invitations;
  },

  async pendingInvitations(db: Db, teamId: string, now: Date) {
    return db
      .select({
        id: teamInvitations.id,
        email: teamInvitations.email,
        role: teamInvitations.role,
        invitedBy: users.username,
        createdAt: teamInvitations.createdAt,
        expiresAt: teamInvitations.expiresAt,
      })
      .from(teamInvitations)
      .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
      .where(and(eq(teamInvitations.teamId, teamId), pending(now)))
      .orderBy(asc(teamInvitations.createdAt));
  },

  async memberWithEmail(db: Db, teamId: string, email: string): Promise<boolean> {
    const rows = await db
      .select({ id: users.id })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, teamId), eq(users.email, email)))
      .limit(1);
    return rows.length > 0;
  },

  async pendingInvitationFor(db: Db, teamId: string, email: string, now: Date): Promise<boolean> {
    const rows = await db
      .select({ id: teamInvitations.id })
      .from(teamInvitations)
      .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.email, email), pending(now)))
      .limit(1);
    return rows.length > 0;
  },

  async insertInvitation(
    db: Db,
    row: { teamId: string; email: string; role: AssignableRole; tokenHash: string; invitedBy: string; createdAt: Date; expiresAt: Date },
  ) {
    const [created] = await db.insert(teamInvitations).values(row).returning();
    return created!;
  },

  /** Every invitation, of any team and in any state, sent to this address (letter case aside). */
  async deleteInvitationsTo(db: Db, email: string) {
    await db.delete(teamInvitations).where(sql`lower(${teamInvitations.email}) = lower(${email})`);
  },

  /** Revokes a pending invitation of this team; false when there is none with this id. */
  /** The revoked invitation's address, or null when no pending one of the team has this id. */
  async revokeInvitation(db: Db, teamId: string, id: string, now: Date): Promise<{ email: string } | null> {
    const rows = await db
      .update(teamInvitations)
      .set({ revokedAt: now })
      .where(and(eq(teamInvitations.id, id), eq(teamInvitations.teamId, teamId), pending(now)))
      .returning({ email: teamInvitations.email });
    return rows[0] ?? null;
  },

  /** The pending invitation behind a token hash, with its team's name and inviter. */
  async pendingByTokenHash(db: Db, tokenHash: string, now: Date) {
    const [row] = await db
      .select({
        id: teamInvitations.id,
        teamId: teamInvitations.teamId,
        teamName: teams.name,
        email: teamInvitations.email,
        role: teamInvitations.role,
        invitedBy: users.username,
        expiresAt: teamInvitations.expiresAt,
      })
      .from(teamInvitations)
      .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
      .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
      .where(and(eq(teamInvitations.tokenHash, tokenHash), pending(now)))
      .limit(1);
    return row;
  },

  /** Uses up a pending invitation: of two accepts at once, only one gets the row back. */
  async claimInvitation(db: Db, id: string, now: Date): Promise<boolean> {
    const rows = await db
      .update(teamInvitations)
      .set({ acceptedAt: now })
      .where(and(eq(teamInvitations.id, id), pending(now)))
      .returning({ id: teamInvitations.id });
    return rows.length > 0;
  },

  async setRole(db: Db, teamId: string, userId: string, role: TeamRole) {
    await db.update(teamMembers).set({ role }).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  },

  /** Moves an account into a team (its one membership row changes team, role and join time). */
  async moveMember(db: Db, userId: string, teamId: string, role: TeamRole, now: Date) {
    await db.update(teamMembers).set({ teamId, role, joinedAt: now }).where(eq(teamMembers.userId, userId));
  },

  /** Deletes a team nobody belongs to any more (its invitations go with it). */
  async deleteIfEmpty(db: Db, teamId: string) {
    await db
      .delete(teams)
      .where(and(eq(teams.id, teamId), sql`not exists (select 1 from ${teamMembers} where ${teamMembers.teamId} = ${teamId})`));
  },

  /** Premium for `days` more from the later of now and the current end; a plan given replaces the team's. */
  async extendPremium(db: Db, teamId: string, now: Date, days: number, plan?: string) {
    const start = sql`greatest(${now.toISOString()}::timestamptz, coalesce(${teams.premiumUntil}, ${now.toISOString()}::timestamptz))`;
    await db
      .update(teams)
      .set({ premiumUntil: sql`${start} + make_interval(days => ${days})`, ...(plan === undefined ? {} : { plan }) })
      .where(eq(teams.id, teamId));
  },

  /** Takes `days` off the end of the team's premium (an end now in the past simply reads as Free). */
  async shortenPremium(db: Db, teamId: string, days: number) {
    await db
      .update(teams)
      .set({ premiumUntil: sql`${teams.premiumUntil} - make_interval(days => ${days})` })
      .where(and(eq(teams.id, teamId), isNotNull(teams.premiumUntil)));
  },
};
