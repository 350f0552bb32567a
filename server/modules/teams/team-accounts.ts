import type { TeamRole } from '@contract/teams';
import type { Db } from '../../db/database';
import { teamsRepository } from './teams.repository';
import { livePlan, seatLimitError, seatsOf } from './team-seats';

/**
 * What other modules do with teams inside their own transactions: sign-up creates the new account's
 * team, payments and promotions credit (or take back) a team's premium, the admin sets a plan, an
 * erasure removes what names the person. These take the caller's `db` (a transaction), which the
 * teams service, holding its own, cannot; the SQL stays in teams.repository.ts.
 */
export const teamAccounts = {
  /** A new team with this new account as its owner, named after it. */
  createTeamOf: (db: Db, userId: string, name: string) => teamsRepository.createTeamOf(db, userId, name),

  /**
   * A new account joins an existing team as a member (single sign-on with OIDC_TEAM_BY_EMAIL_DOMAIN),
   * under the team's row lock and its plan's seat limit, like an accepted invitation.
   */
  async joinAsMember(db: Db, teamId: string, userId: string, now: Date, enterpriseSeats: number | undefined) {
    const team = await teamsRepository.lockTeam(db, teamId);
    if (!team) throw new Error('team vanished while joining');
    const plan = livePlan(team, now);
    const limit = seatsOf(plan, enterpriseSeats);
    const used = await teamsRepository.seatsUsed(db, teamId, now);
    if (limit !== null && used >= limit) throw seatLimitError(plan, used, limit);
    await teamsRepository.addMember(db, teamId, userId, 'member', now);
  },

  /** The team a user belongs to (every account has exactly one). */
  teamIdOf: (db: Db, userId: string) => teamsRepository.teamIdOf(db, userId),

  /** The user's team and role as the database has it now (the files module's write rules). */
  membershipOf: (db: Db, userId: string) => teamsRepository.membershipOf(db, userId),

  /** Sets a member's role (the company directory's group mapping at each LDAP sign-in). */
  setRole: (db: Db, teamId: string, userId: string, role: Exclude<TeamRole, 'owner'>) => teamsRepository.setRole(db, teamId, userId, role),

  /** How many accounts the team has (pending invitations not counted). */
  memberCount: async (db: Db, teamId: string) => (await teamsRepository.members(db, teamId)).length,

  /** The owner of a team: whom a payment naming only the team is recorded against. */
  ownerOf: (db: Db, teamId: string) => teamsRepository.ownerOf(db, teamId),

  /** The owner's address, name and language (a receipt goes to them, in that language). */
  async ownerContact(db: Db, teamId: string): Promise<{ userId: string; email: string; username: string; language: string | null } | undefined> {
    const owner = (await teamsRepository.members(db, teamId)).find((m) => m.role === 'owner');
    return owner && { userId: owner.userId, email: owner.email, username: owner.username, language: await teamsRepository.languageOfEmail(db, owner.email) };
  },

  /** The team's plan and end as the database has them now. */
  planOf: (db: Db, teamId: string) => teamsRepository.planOf(db, teamId),

  /** Premium for `days` more from the later of now and the team's current end (and this plan, when given). */
  extendPremium: (db: Db, teamId: string, now: Date, days: number, plan?: string) => teamsRepository.extendPremium(db, teamId, now, days, plan),

  /**
   * Premium for `days` more for each user's team, counted from the later of now and the current
   * end; a team two rewarded users share is extended once.
   */
  async extendPremiumOfUsers(db: Db, userIds: string[], now: Date, days: number) {
    const teamIds = new Set<string>();
    for (const id of userIds) {
      const teamId = await teamsRepository.teamIdOf(db, id);
      if (teamId) teamIds.add(teamId);
    }
    for (const teamId of teamIds) await teamsRepository.extendPremium(db, teamId, now, days);
  },

  /** Takes `days` off the end of the team's premium (a refund). */
  shortenPremium: (db: Db, teamId: string, days: number) => teamsRepository.shortenPremium(db, teamId, days),

  /** Sets the team's plan and its end outright (an admin's grant). */
  setPlan: (db: Db, teamId: string, plan: string | null, premiumUntil: Date) => teamsRepository.setPlan(db, teamId, plan, premiumUntil),

  /** Deletes a team with everything keyed to it (the erasure of its only member). */
  deleteTeam: (db: Db, teamId: string) => teamsRepository.deleteTeam(db, teamId),

  /** A team still named after this username (sign-up names it so) is called "Team" instead. */
  dropNameOf: (db: Db, teamId: string, username: string) => teamsRepository.renameIfNamed(db, teamId, username, 'Team'),

  /** Every invitation sent to this address, whatever its team or state (an erasure forgets them). */
  deleteInvitationsTo: (db: Db, email: string) => teamsRepository.deleteInvitationsTo(db, email),
};
