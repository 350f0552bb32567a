import type { AssignableRole, Team } from '@contract/teams';
import { AppError, notFound } from '../../lib/app-error';
import { recordTeamEvent } from '../admin/audit-log';
import { teamLibrary } from '../files/team-library';
import { createTeamAccess, type TeamsServiceDeps } from './team-access';
import { createTeamInvitations } from './team-invitations';
import { teamsRepository as repo } from './teams.repository';

const memberNotFound = () => notFound('That member');

/**
 * Teams: every rule about members, roles, seats and invitations. Each method reads the caller's
 * membership from the database inside its transaction (never the session cache's copy), and
 * anything outside the caller's team answers 404.
 */
export function createTeamsService(deps: TeamsServiceDeps) {
  const { db, clock } = deps;
  const { membership, managedTeam, view, announce } = createTeamAccess(deps);

  return {
    view,
    ...createTeamInvitations(deps, { membership, managedTeam, view, announce }),

    async rename(userId: string, name: string): Promise<Team> {
      await db.transaction(async (tx) => {
        const { team } = await managedTeam(tx, userId, 'rename the team');
        await repo.renameTeam(tx, team.id, name);
      });
      announce(); // sessions carry the team's name
      return view(userId);
    },

    /** Owners and admins set admin or member on anyone but the owner (ownership moves by transfer). */
    async setRole(userId: string, targetId: string, role: AssignableRole): Promise<Team> {
      await db.transaction(async (tx) => {
        const { team } = await managedTeam(tx, userId, 'change roles');
        const target = await repo.memberOf(tx, team.id, targetId);
        if (!target) throw memberNotFound();
        if (target.role === 'owner') throw new AppError('conflict', 'The owner’s role changes only by transferring ownership.');
        await repo.setRole(tx, team.id, targetId, role);
        const details = { role, previousRole: target.role };
        await recordTeamEvent(tx, { action: 'member_role_changed', actorUserId: userId, teamId: team.id, target: { userId: targetId, label: null }, details, at: clock.now() });
      });
      announce();
      return view(userId);
    },

    /** Owners and admins remove anyone but the owner; the removed person gets a fresh team of their own. */
    async remove(userId: string, targetId: string): Promise<Team> {
      if (targetId === userId) throw new AppError('conflict', 'To leave your team, use Leave team.');
      await db.transaction(async (tx) => {
        const { team } = await managedTeam(tx, userId, 'remove members');
        const target = (await repo.members(tx, team.id)).find((m) => m.userId === targetId);
        if (!target) throw memberNotFound();
        if (target.role === 'owner') throw new AppError('conflict', 'The owner cannot be removed from the team.');
        // The folders they made in the team library stay with the team, with whatever is in them.
        await teamLibrary.handFoldersToOwners(tx, targetId, team.id);
        await repo.moveToOwnTeam(tx, targetId, target.username, clock.now());
        await recordTeamEvent(tx, { action: 'member_removed', actorUserId: userId, teamId: team.id, target: { userId: targetId, label: null }, at: clock.now() });
      });
      // After the commit: the removed person's sessions lose the team at once.
      announce();
      return view(userId);
    },

    /** Leaves for a fresh team of one's own; a sole owner of others must transfer ownership first. */
    async leave(userId: string): Promise<Team> {
      await db.transaction(async (tx) => {
        const me = await membership(tx, userId);
        await repo.lockTeam(tx, me.teamId);
        const members = await repo.members(tx, me.teamId);
        const self = members.find((m) => m.userId === userId)!;
        if (members.length === 1) throw new AppError('conflict', 'You are the only member of this team, so there is no team to leave.');
        if (self.role === 'owner') throw new AppError('conflict', 'You own this team: transfer ownership to another member before you leave.');
        await teamLibrary.handFoldersToOwners(tx, userId, me.teamId);
        await repo.moveToOwnTeam(tx, userId, self.username, clock.now());
        await recordTeamEvent(tx, { action: 'member_left', actorUserId: userId, teamId: me.teamId, at: clock.now() });
      });
      announce();
      return view(userId);
    },

    /** The owner hands the team to another member and becomes an admin: always exactly one owner. */
    async transfer(userId: string, targetId: string): Promise<Team> {
      await db.transaction(async (tx) => {
        const me = await membership(tx, userId);
        await repo.lockTeam(tx, me.teamId);
        const role = (await repo.memberOf(tx, me.teamId, userId))?.role;
        if (role !== 'owner') throw new AppError('forbidden', 'Only the team’s owner can transfer ownership.');
        if (targetId === userId) throw new AppError('conflict', 'You already own this team.');
        if (!(await repo.memberOf(tx, me.teamId, targetId))) throw memberNotFound();
        // Demote first: the one-owner index would refuse two owners even for a moment.
        await repo.setRole(tx, me.teamId, userId, 'admin');
        await repo.setRole(tx, me.teamId, targetId, 'owner');
        await recordTeamEvent(tx, { action: 'ownership_transferred', actorUserId: userId, teamId: me.teamId, target: { userId: targetId, label: null }, at: clock.now() });
      });
      announce();
      return view(userId);
    },
  };
}

export type TeamsService = ReturnType<typeof createTeamsService>;
