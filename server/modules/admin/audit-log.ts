import { sql } from 'drizzle-orm';
import type { TeamAuditAction } from '@contract/team-audit';
import type { Db } from '../../db/database';
import { teamMembers } from '../../db/schema/teams';
import { adminUsersRepository } from './admin-users.repository';

type Details = Record<string, string | number | boolean | null>;

/**
 * The audit log (admin_actions) for other modules: they record what they did here, so the one
 * repository that writes the table stays the admin's. `actor` is an admin's username, or
 * USER_ACTOR for what a user did to their own account (API keys, issue 40): the target columns
 * say which user, and erasure blanks those, so the log keeps no name of an erased account. An
 * entry about no user (an admin turning an MCP tool off) has a null target.
 */
export async function recordAuditEntry(
  db: Db,
  entry: { actor: string; action: string; targetUserId: string | null; targetLabel: string; details: Details | null; at: Date; teamId?: string | null; actorUserId?: string | null },
) {
  await adminUsersRepository.audit(db, {
    adminUsername: entry.actor,
    action: entry.action,
    targetUserId: entry.targetUserId,
    targetLabel: entry.targetLabel,
    details: entry.details,
    teamId: entry.teamId ?? null,
    actorUserId: entry.actorUserId ?? null,
    createdAt: entry.at,
  });
}

/**
 * An erasure's part of the log, in its transaction: entries about the account, or naming its
 * address, say "erased account" with no details, and those it made as a team member name no actor.
 */
export function forgetAccountInAudit(db: Db, account: { id: string; email: string }) {
  return adminUsersRepository.forgetAccount(db, account);
}

/** The log's admin column for a user acting on their own account (no admin name has parentheses). */
export const USER_ACTOR = '(user)';

/**
 * An event of a team's audit (issue 43, GET /api/team/audit): what `actorUserId` did, in `teamId`,
 * or, when the caller does not know it, in the team the actor is in now (read in the same
 * statement). `target` is whom it was done to (the actor when it was done to their own account).
 */
export async function recordTeamEvent(
  db: Db,
  event: { action: TeamAuditAction; actorUserId: string; teamId?: string; target?: { userId: string | null; label: string | null }; details?: Details | null; at: Date },
) {
  await adminUsersRepository.audit(db, {
    adminUsername: USER_ACTOR,
    action: event.action,
    actorUserId: event.actorUserId,
    teamId: event.teamId ?? sql`(select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.userId} = ${event.actorUserId})`,
    targetUserId: event.target ? event.target.userId : event.actorUserId,
    targetLabel: event.target?.label ?? null,
    details: event.details ?? null,
    createdAt: event.at,
  });
}
