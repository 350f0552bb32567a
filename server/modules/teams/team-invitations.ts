import {
  INVITATION_TTL_DAYS,
  type CreateInvitationBody,
  type CreatedInvitation,
  type InvitationPreview,
  type Team,
} from '@contract/teams';
import type { Language } from '@contract/languages';
import type { Db } from '../../db/database';
import type { TeamRow } from '../../db/schema/teams';
import { AppError, notFound } from '../../lib/app-error';
import { mailLanguage } from '../../adapters/mail/mail-texts';
import { hashToken, newToken } from '../../lib/tokens';
import { recordTeamEvent } from '../admin/audit-log';
import { teamLibrary } from '../files/team-library';
import { subscriptionOf } from '../subscription/subscription.service';
import { invitationMail } from './invitation-mail';
import { livePlan, planName, seatLimitError, seatsOf } from './team-seats';
import type { TeamAccess, TeamsServiceDeps } from './team-access';
import { teamsRepository as repo } from './teams.repository';

const DAY_MS = 24 * 3600 * 1000;
/** Unknown, used, revoked and expired links read alike: nothing tells a guesser which it was. */
const invitationGone = () =>
  new AppError('not_found', 'This invitation link is not valid any more: it was used, revoked or has expired. Ask for a new one.', 'invitation');

/** Invitations: made under the team's lock, mailed after the commit, previewed, and taken at sign-up or by a member of another team. */
export function createTeamInvitations(deps: TeamsServiceDeps, { membership, managedTeam, view, announce }: TeamAccess) {
  const { db, clock } = deps;

  /** One more member fits: the invitation held a seat, but a plan that lapsed since may leave none. */
  async function ensureSeatFor(tx: Db, target: TeamRow, now: Date) {
    const plan = livePlan(target, now);
    const limit = seatsOf(plan, deps.enterpriseSeats);
    const members = (await repo.members(tx, target.id)).length;
    if (limit !== null && members >= limit) throw seatLimitError(plan, await repo.seatsUsed(tx, target.id, now), limit);
  }

  /** Emails the link when mail is configured; a failed send keeps the invitation (the link is shown to copy). */
  async function mailInvitation(language: Language, facts: Parameters<typeof invitationMail>[1]) {
    if (!deps.mailer) return { emailed: false, mailFailed: false };
    try {
      await deps.mailer.send(invitationMail(language, facts));
      return { emailed: true, mailFailed: false };
    } catch (error) {
      deps.warn?.(`An invitation email could not be sent: ${error instanceof Error ? error.message : String(error)}`);
      return { emailed: false, mailFailed: true };
    }
  }
  return {
    /**
     * A single-use link valid for INVITATION_TTL_DAYS. The seat check and the insert happen under
     * the team's row lock, so two invitations at once cannot both take the last seat.
     */
    async invite(userId: string, body: CreateInvitationBody, requestLanguage: Language | null = null): Promise<CreatedInvitation> {
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
      // The invitee's own language when the address has an account, else the inviter's page's.
      const language = mailLanguage(await repo.languageOfEmail(db, created.email), requestLanguage);
      const mail = await mailInvitation(language, { to: created.email, teamName, invitedBy: inviter, role: created.role, url, expiresAt: created.expiresAt });
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
