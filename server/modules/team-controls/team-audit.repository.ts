import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { adminActions } from '../../db/schema/accounts';
import { users } from '../../db/schema/users';

const actor = alias(users, 'actor');
const target = alias(users, 'target');

/**
 * Reads a team's events from the audit log (admin_actions), newest first. It writes nothing: the
 * admin module's repository is the table's one writer (admin/audit-log.ts's recordTeamEvent).
 */
export const teamAuditRepository = {
  page: (db: Db, teamId: string, options: { actions: string[]; person?: string; cursor?: { at: Date; id: string }; limit: number }) =>
    db
      .select({
        id: adminActions.id,
        action: adminActions.action,
        actorColumn: adminActions.adminUsername,
        actorUserId: adminActions.actorUserId,
        actorName: actor.username,
        targetUserId: adminActions.targetUserId,
        targetName: target.username,
        targetLabel: adminActions.targetLabel,
        details: adminActions.details,
        createdAt: adminActions.createdAt,
      })
      .from(adminActions)
      .leftJoin(actor, eq(actor.id, adminActions.actorUserId))
      .leftJoin(target, eq(target.id, adminActions.targetUserId))
      .where(
        and(
          eq(adminActions.teamId, teamId),
          inArray(adminActions.action, options.actions),
          options.person ? or(eq(adminActions.actorUserId, options.person), eq(adminActions.targetUserId, options.person)) : undefined,
          options.cursor
            ? or(lt(adminActions.createdAt, options.cursor.at), and(eq(adminActions.createdAt, options.cursor.at), sql`${adminActions.id} < ${options.cursor.id}`))
            : undefined,
        ),
      )
      .orderBy(desc(adminActions.createdAt), desc(adminActions.id))
      .limit(options.limit + 1),
};

export type TeamAuditRow = Awaited<ReturnType<typeof teamAuditRepository.page>>[number];
