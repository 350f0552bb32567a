import { randomUUID } from 'node:crypto';
import type { AdminAuditList, AdminPasswordResetSent, AdminTeamList, AdminUser, AdminUserList, AdminUserPatch } from '@contract/accounts';
import type { AdminApiKeysRevoked } from '@contract/api-keys';
import { PLAN_PERIOD_DAYS } from '@contract/plans';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { accountWrites } from '../auth/account-writes';
import type { PasswordResetService } from '../auth/password-reset.service';
import type { UserDataChanges } from '../auth/session-cache';
import { recordAdminGrant } from '../payments/admin-grants';
import { teamAccounts } from '../teams/team-accounts';
import { livePlan, seatsOf } from '../teams/team-seats';
import { decodeCursor, paged } from './admin-cursor';
import { adminUsersRepository as repo } from './admin-users.repository';

const DAY_MS = 24 * 3600 * 1000;

export interface AdminUsersServiceDeps {
  db: Db;
  clock: Clock;
  userDataChanges: UserDataChanges;
  enterpriseSeats: number | undefined;
  /** The reset mail of /forgot-password, which the admin's "send password reset" sends too. */
  passwordResets: PasswordResetService;
  /** OIDC_ONLY: passwords are off, so there is nothing to reset. */
  passwordsOff: boolean;
  /** Deletes every API key of a user, in the caller's transaction (the api-keys module's). */
  revokeApiKeys: (tx: Db, userId: string) => Promise<number>;
}

/**
 * User administration: the searchable account and team lists, suspension, plan grants and the
 * audit log of every such action. What an admin sees is metadata: never a conversation or a file.
 */
export function createAdminUsersService(deps: AdminUsersServiceDeps) {
  const { db, clock, userDataChanges } = deps;

  async function listUsers(query: { search?: string; cursor?: string; limit: number; id?: string }): Promise<AdminUserList> {
    const now = clock.now();
    const rows = await repo.listUsers(db, { search: query.search || undefined, cursor: decodeCursor(query.cursor), limit: query.limit, id: query.id });
    const { page, nextCursor } = paged(rows, query.limit);
    return {
      users: page.map(
        (row): AdminUser => ({
          id: row.id,
          email: row.email,
          username: row.username,
          team: row.teamId && row.teamName && row.role ? { id: row.teamId, name: row.teamName, role: row.role } : null,
          plan: livePlan({ plan: row.plan, premiumUntil: row.premiumUntil }, now),
          premiumUntil: row.premiumUntil?.toISOString() ?? null,
          lastActiveAt: row.lastActiveAt.toISOString(),
          createdAt: row.createdAt.toISOString(),
          storageBytes: row.storageBytes,
          status: row.status,
          apiKeys: row.apiKeys,
        }),
      ),
      nextCursor,
    };
  }

  return {
    listUsers,

    /**
     * Suspend or reactivate, and grant or extend a plan, in one transaction with its audit
     * entries. A plan grant is a zero-amount payment with a note, so the books show it.
     */
    async updateUser(admin: string, userId: string, body: AdminUserPatch): Promise<AdminUser> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const user = await repo.findUser(tx, userId);
        // An account being erased is as good as gone.
        if (!user || user.status === 'erasing') throw notFound('That user');
        if (body.status !== undefined && body.status !== user.status) {
          await accountWrites.setStatus(tx, userId, body.status);
          await repo.audit(tx, {
            adminUsername: admin,
            action: body.status === 'suspended' ? 'suspend' : 'reactivate',
            targetUserId: userId,
            targetLabel: user.email,
            details: body.note ? { note: body.note } : null,
            createdAt: now,
          });
        }
        if ((body.plan !== undefined || body.premiumUntil !== undefined) && user.teamId) {
          const team = await repo.lockTeam(tx, user.teamId);
          if (!team) throw notFound('That user’s team');
          const plan = body.plan ?? team.plan ?? 'starter';
          const from = team.premiumUntil && team.premiumUntil > now ? team.premiumUntil : now;
          const until = body.premiumUntil ? new Date(body.premiumUntil) : new Date(from.getTime() + PLAN_PERIOD_DAYS * DAY_MS);
          await teamAccounts.setPlan(tx, team.id, plan, until);
          const note = `Granted by admin ${admin}: ${plan} until ${until.toISOString()}${body.note ? `. ${body.note}` : ''}`;
          await recordAdminGrant(tx, { userId, teamId: team.id, plan, now, note, reference: `admin-grant:${randomUUID()}` });
          await repo.audit(tx, {
            adminUsername: admin,
            action: body.plan !== undefined ? 'grant_plan' : 'set_premium_until',
            targetUserId: userId,
            targetLabel: user.email,
            details: { teamId: team.id, plan, premiumUntil: until.toISOString(), previousPlan: team.plan, previousPremiumUntil: team.premiumUntil?.toISOString() ?? null, ...(body.note ? { note: body.note } : {}) },
            createdAt: now,
          });
        }
      });
      // Sessions carry status and plan: none may keep the old ones.
      userDataChanges.changed();
      const [updated] = (await listUsers({ id: userId, limit: 1 })).users;
      if (!updated) throw notFound('That user');
      return updated;
    },

    /**
     * Mails the user the reset link /forgot-password would (same mail, same per-account limit),
     * and records it. Without SMTP the admin is told how the operator resets on the server.
     */
    async sendPasswordReset(admin: string, userId: string): Promise<AdminPasswordResetSent> {
      const user = await repo.findUser(db, userId);
      if (!user || user.status === 'erasing') throw notFound('That user');
      if (deps.passwordsOff) throw new AppError('conflict', 'Passwords are turned off here (OIDC_ONLY): people sign in with single sign-on only.');
      if (!deps.passwordResets.canMail) {
        throw new AppError(
          'conflict',
          `This Genie sends no mail (SMTP_URL is not set), so no link can be mailed. Reset the password on the server with: npm run user -- reset-password ${user.email}`,
        );
      }
      let outcome;
      try {
        outcome = await deps.passwordResets.sendNow(user.email);
      } catch (error) {
        if (error instanceof AppError) throw error; // PUBLIC_URL unset: its own sentence
        // The mail server's own words stay in the log; the admin gets what to do.
        throw new AppError('unavailable', 'The mail server did not take the reset mail. Check SMTP_URL and try again.');
      }
      if (outcome === 'limited') {
        throw new AppError('rate_limited', `${user.email} was sent as many reset mails as an hour allows. Wait an hour, or reset on the server with: npm run user -- reset-password ${user.email}`);
      }
      if (outcome !== 'sent') throw notFound('That user');
      await repo.audit(db, { adminUsername: admin, action: 'send_password_reset', targetUserId: userId, targetLabel: user.email, details: null, createdAt: clock.now() });
      return { message: `A reset link was mailed to ${user.email}. It works once, for one hour.` };
    },

    /** Revokes every API key of the user at once, and logs it (issue 40). */
    async revokeApiKeys(admin: string, userId: string): Promise<AdminApiKeysRevoked> {
      const result = await db.transaction(async (tx) => {
        const user = await repo.findUser(tx, userId);
        if (!user || user.status === 'erasing') throw notFound('That user');
        const revoked = await deps.revokeApiKeys(tx, userId);
        await repo.audit(tx, { adminUsername: admin, action: 'revoke_api_keys', targetUserId: userId, targetLabel: user.email, details: { revoked }, createdAt: clock.now() });
        return { revoked };
      });
      // Resolved keys are cached like sessions: none of these may answer again in this process.
      userDataChanges.changed();
      return result;
    },

    async listTeams(query: { search?: string; cursor?: string; limit: number }): Promise<AdminTeamList> {
      const now = clock.now();
      const rows = await repo.listTeams(db, { search: query.search || undefined, cursor: decodeCursor(query.cursor), limit: query.limit });
      const { page, nextCursor } = paged(rows, query.limit);
      const ids = page.map((t) => t.id);
      const [members, invitations] = await Promise.all([repo.membersOf(db, ids), repo.pendingInvitationsOf(db, ids, now)]);
      return {
        teams: page.map((team) => {
          const own = members.filter((m) => m.teamId === team.id);
          const pending = invitations.find((i) => i.teamId === team.id)?.n ?? 0;
          const plan = livePlan(team, now);
          return {
            id: team.id,
            name: team.name,
            plan,
            premiumUntil: team.premiumUntil?.toISOString() ?? null,
            seats: { used: own.length + pending, limit: seatsOf(plan, deps.enterpriseSeats) },
            members: own.map(({ userId, username, email, role }) => ({ userId, username, email, role })),
          };
        }),
        nextCursor,
      };
    },

    async audit(query: { action?: string; admin?: string; from?: string; to?: string; cursor?: string; limit: number }): Promise<AdminAuditList> {
      const rows = await repo.listAudit(db, {
        action: query.action,
        admin: query.admin || undefined,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
        cursor: decodeCursor(query.cursor),
        limit: query.limit,
      });
      const { page, nextCursor } = paged(rows, query.limit);
      return {
        entries: page.map((row) => ({
          id: row.id,
          admin: row.adminUsername,
          action: row.action,
          targetUserId: row.targetUserId,
          target: row.targetLabel,
          details: row.details,
          createdAt: row.createdAt.toISOString(),
        })),
        nextCursor,
      };
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
