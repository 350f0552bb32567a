import { randomUUID } from 'node:crypto';
import type { AdminAuditList, AdminTeamList, AdminUser, AdminUserList, AdminUserPatch } from '@contract/accounts';
import { PLAN_PERIOD_DAYS } from '@contract/plans';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { UserDataChanges } from '../auth/session-cache';
import { livePlan, seatsOf } from '../teams/team-seats';
import { decodeCursor, paged } from './admin-cursor';
import { adminUsersRepository as repo } from './admin-users.repository';

const DAY_MS = 24 * 3600 * 1000;

export interface AdminUsersServiceDeps {
  db: Db;
  clock: Clock;
  userDataChanges: UserDataChanges;
  enterpriseSeats: number | undefined;
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
          await repo.setStatus(tx, userId, body.status);
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
          await repo.setTeamPlan(tx, team.id, plan, until);
          const note = `Granted by admin ${admin}: ${plan} until ${until.toISOString()}${body.note ? `. ${body.note}` : ''}`;
          await repo.recordGrant(tx, { userId, teamId: team.id, plan, now, note, reference: `admin-grant:${randomUUID()}` });
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
