import {
  INVITATION_TTL_DAYS,
  type AssignableRole,
  type CreateInvitationBody,
  type CreatedInvitation,
  type InvitationPreview,
  type Team,
  type TeamRole,
} from '@contract/teams';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Db } from '../../db/database';
import type { TeamRow } from '../../db/schema/teams';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { PublicLinks } from '../../lib/public-links';
import { hashToken, newToken } from '../../lib/tokens';
import type { UserDataChanges } from '../auth/session-cache';
import { recordTeamEvent } from '../admin/audit-log';
import { teamLibrary } from '../files/team-library';
import { subscriptionOf } from '../subscription/subscription.service';
import { invitationMail } from './invitation-mail';
import { livePlan, planName, seatLimitError, seatsOf } from './team-seats';
import { teamsRepository as repo } from './teams.repository';

const DAY_MS = 24 * 3600 * 1000;

export interface TeamsServiceDeps {
  db: Db;
  clock: Clock;
  /** Told of every membership or role change, so no cached session keeps an old team or role. */
  userDataChanges: UserDataChanges;
  /** ENTERPRISE_SEATS; undefined is unlimited. */
  enterpriseSeats: number | undefined;
  /** Sends invitation emails; null when SMTP_URL is unset (the link is then shown to copy). */
  mailer?: Mailer | null;
  /** The one builder of mailed links (PUBLIC_URL only). */
  links: PublicLinks;
  /** Where a failed send is reported (the app's log); never given the link or the address. */
  warn?: (message: string) => void;
}

const managers: readonly TeamRole[] = ['owner', 'admin'];
const forbidden = (what: string) => new AppError('forbidden', `Only the team's owner and admins can ${what}.`);
const memberNotFound = () => notFound('That member');
/** Unknown, used, revoked and expired links read alike: nothing tells a guesser which it was. */
const invitationGone = () =>
  new AppError('not_found', 'This invitation link is not valid any more: it was used, revoked or has expired. Ask for a new one.', 'invitation');

/**
 * Teams: every rule about members, roles, seats and invitations. Each method reads the caller's
 * membership from the database inside its transaction (never the session cache's copy), and
 * anything outside the caller's team answers 404.
 */
export function createTeamsService(deps: TeamsServiceDeps) {
  const { db, clock, userDataChanges } = deps;

  async function membership(tx: Db, userId: string) {
    const found = await repo.membershipOf(tx, userId);
    // The session was live a moment ago; no membership means the account was deleted since.
    if (!found) throw notFound('Your account');
    return found;
  }

  /** The caller's team locked for this transaction, with their role; 403 unless they manage it. */
  async function managedTeam(tx: Db, userId: string, what: string) {
    const me = await membership(tx, userId);
    const team = await repo.lockTeam(tx, me.teamId);
    if (!team) throw notFound('Your team');
    // Read again under the lock: a concurrent change of role has finished by now.
    const role = (await repo.memberOf(tx, team.id, userId))?.role;
    if (!role || !managers.includes(role)) throw forbidden(what);
    return { team, role };
  }

  async function view(userId: string): Promise<Team> {
    const now = clock.now();
    const me = await membership(db, userId);
    const team = await repo.findTeam(db, me.teamId);
    if (!team) throw notFound('Your team');
    const manages = managers.includes(me.role);
    const [members, used, invitations] = await Promise.all([
      repo.members(db, team.id),
      repo.seatsUsed(db, team.id, now),
      manages ? repo.pendingInvitations(db, team.id, now) : Promise.resolve([]),
    ]);
    const subscription = subscriptionOf(team, now);
    return {
      id: team.id,
      name: team.name,
      plan: subscription.plan,
      isPremium: subscription.isPremium,
      expiresAt: subscription.expiresAt,
      seats: { used, limit: seatsOf(livePlan(team, now), deps.enterpriseSeats) },
      members: members.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() })),
      invitations: invitations.map((i) => ({ ...i, createdAt: i.createdAt.toISOString(), expiresAt: i.expiresAt.toISOString() })),
    };
  }

  /** After a commit that changed who is in which team or with which role. */
  function announce() {
    userDataChanges.changed();
  }

  /** One more member fits: the invitation held a seat, but a plan that lapsed since may leave none. */
  async function ensureSeatFor(tx: Db, target: TeamRow, now: Date) {
    const plan = livePlan(target, now);
    const limit = seatsOf(plan, deps.enterpriseSeats);
    const members = (await repo.members(tx, target.id)).length;
    if (limit !== null && members >= limit) throw seatLimitError(plan, await repo.seatsUsed(tx, target.id, now), limit);
  }

  /** Emails the link when mail is configured; a failed send keeps the invitation (the link is shown to copy). */
  async function mailInvitation(facts: Parameters<typeof invitationMail>[0]) {
    if (!deps.mailer) return { emailed: false, mailFailed: false };
    try {
      await deps.mailer.send(invitationMail(facts));
      return { emailed: true, mailFailed: false };
    } catch (error) {
      deps.warn?.(`An invitation email could not be sent: ${error instanceof Error ? error.message : String(error)}`);
      return { emailed: false, mailFailed: true };
    }
  }

  return {
    view,

    async rename(userId: string, name: string): Promise<Team> {
      await db.transaction(async (tx) => {
        const { team } = await managedTeam(tx, userId, 'rename the team');
        await repo.renameTeam(tx, team.id, name);
      });
      announce(); // sessions carry the team's name
      return view(userId);
    },

    /**
     * A single-use link valid for INVITATION_TTL_DAYS. The seat check and the insert happen under
     * the team's row lock, so two invitations at once cannot both take the last seat.
     */
    async invite(userId: string, body: CreateInvitationBody): Promise<CreatedInvitation> {
      // Mail without PUBLIC_URL is refused before anything is created (no seat held by a link nobody got).
      if (deps.mailer) deps.links.requireConfigured();
      const now = clock.now();
      const token = newToken();
      const { created, teamName, inviter } = await db.transaction(async (tx) => {
        const { team } = await managedTeam(tx, userId, 'invite people');
        if (await repo.memberWithEmail(tx, team.id, body.email)) {
          throw new AppError('conflict', 'This email already belongs to a member of your team.', 'email');
        }
        if (await repo.pendingInvitationFor(tx, team.id, body.email, now)) {
          throw new AppError('conflict', 'This email already has a pending invitation. Revoke it to send a new one.', 'email');
        }
        const plan = livePlan(team, now);
        const limit = seatsOf(plan, deps.enterpriseSeats);
        const used = await repo.seatsUsed(tx, team.id, now);
        if (limit !== null && used >= limit) throw seatLimitError(plan, used, limit);
        const row = await repo.insertInvitation(tx, {
          teamId: team.id,
          email: body.email,
          role: body.role,
          tokenHash: hashToken(token),
          invitedBy: userId,
          createdAt: now,
          expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
        });
        await recordTeamEvent(tx, { action: 'invitation_created', actorUserId: userId, teamId: team.id, target: { userId: null, label: row.email }, details: { role: row.role }, at: now });
        return { created: row, teamName: team.name, inviter: (await repo.usernameOf(tx, userId)) ?? 'A team member' };
      });
      // Without mail nothing is mailed: with PUBLIC_URL unset the link is the path alone, which the
      // inviter's page completes with its own address (copy-link.tsx); never the request's Host.
      const path = `/invite/${token}`;
      const url = deps.links.configured ? deps.links.mailLink(path) : path;
      // After the commit: the invitation exists whether or not the mail goes out.
      const mail = await mailInvitation({ to: created.email, teamName, invitedBy: inviter, role: created.role, url, expiresAt: created.expiresAt });
      return { id: created.id, email: created.email, role: created.role, url, expiresAt: created.expiresAt.toISOString(), ...mail };
    },

    async revokeInvitation(userId: string, invitationId: string): Promise<Team> {
      await db.transaction(async (tx) => {
        const { team } = await managedTeam(tx, userId, 'revoke invitations');
        const now = clock.now();
        const revoked = await repo.revokeInvitation(tx, team.id, invitationId, now);
        if (!revoked) throw notFound('That invitation');
        await recordTeamEvent(tx, { action: 'invitation_revoked', actorUserId: userId, teamId: team.id, target: { userId: null, label: revoked.email }, at: now });
      });
      return view(userId);
    },

    /** Public: unknown, used, revoked and expired tokens all read as 404, alike. */
    async preview(token: string): Promise<InvitationPreview> {
      const found = await repo.pendingByTokenHash(db, hashToken(token), clock.now());
      if (!found) throw invitationGone();
      return { teamName: found.teamName, invitedBy: found.invitedBy, email: found.email, role: found.role, expiresAt: found.expiresAt.toISOString() };
    },

    /**
     * Sign-up through an invitation (inside sign-up's transaction): the new account joins the
     * invitation's team with its role and gets no team of its own. An invitation no longer valid,
     * or a team with no seat left, throws, and the sign-up creates nothing.
     */
    async joinOnSignup(tx: Db, userId: string, token: string) {
      const now = clock.now();
      const invitation = await repo.pendingByTokenHash(tx, hashToken(token), now);
      if (!invitation) throw invitationGone();
      const target = await repo.lockTeam(tx, invitation.teamId);
      if (!target) throw invitationGone();
      await ensureSeatFor(tx, target, now);
      if (!(await repo.claimInvitation(tx, invitation.id, now))) throw invitationGone();
      await repo.insertMember(tx, { teamId: target.id, userId, role: invitation.role, joinedAt: now });
      await recordTeamEvent(tx, { action: 'invitation_accepted', actorUserId: userId, teamId: target.id, details: { role: invitation.role }, at: now });
    },

    /**
     * Moves the caller into the invitation's team. Their private files and conversations belong to
     * them, not to a team, so they go along untouched; a team they leave empty is deleted. A team
     * that would be deleted while it holds a live premium period is not: the caller is refused with
     * a sentence saying why (docs/decisions.md, "Accepting an invitation").
     */
    async accept(userId: string, token: string): Promise<Team> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const invitation = await repo.pendingByTokenHash(tx, hashToken(token), now);
        if (!invitation) throw invitationGone();
        const me = await membership(tx, userId);
        if (me.teamId === invitation.teamId) throw new AppError('conflict', 'You are already a member of this team.');
        // Both teams locked in id order, so two moves between the same teams cannot deadlock.
        const locked = new Map<string, Awaited<ReturnType<typeof repo.lockTeam>>>();
        for (const id of [me.teamId, invitation.teamId].sort()) locked.set(id, await repo.lockTeam(tx, id));
        const target = locked.get(invitation.teamId);
        if (!target) throw invitationGone();
        const current = await membership(tx, userId);
        if (current.teamId !== me.teamId) throw new AppError('conflict', 'Your team changed meanwhile. Try again.');
        const ownMembers = (await repo.members(tx, current.teamId)).length;
        if (current.role === 'owner' && ownMembers > 1) {
          throw new AppError('conflict', 'You own a team with other members: transfer ownership before you join another team.');
        }
        const own = locked.get(current.teamId);
        if (ownMembers === 1 && own && subscriptionOf(own, now).isPremium) throw premiumWouldBeLost(own, now);
        await ensureSeatFor(tx, target, now);
        if (!(await repo.claimInvitation(tx, invitation.id, now))) throw invitationGone();
        // A team they leave behind keeps the folders they made in its library (an owner's are already theirs).
        await teamLibrary.handFoldersToOwners(tx, userId, current.teamId);
        await repo.moveMember(tx, userId, target.id, invitation.role, now);
        await recordTeamEvent(tx, { action: 'invitation_accepted', actorUserId: userId, teamId: target.id, details: { role: invitation.role }, at: now });
        await repo.deleteIfEmpty(tx, current.teamId);
      });
      announce();
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

/**
 * Joining another team ends a team of one; its premium period would end with it. Nobody loses a
 * paid (or rewarded) period by following a link, so the move is refused with the way out.
 */
function premiumWouldBeLost(team: TeamRow, now: Date): AppError {
  const plan = livePlan(team, now);
  const what = plan === null ? 'Premium' : `the ${planName(plan)} plan`;
  const until = team.premiumUntil!.toISOString().slice(0, 10);
  return new AppError(
    'conflict',
    `Your team "${team.name}" has ${what} until ${until}, and joining another team would give it up. ` +
      'Join once it ends, or invite the person who invited you into your team instead.',
  );
}

export type TeamsService = ReturnType<typeof createTeamsService>;
