import type { Db } from '../../db/database';
import { adminUsersRepository } from './admin-users.repository';

/**
 * The audit log (admin_actions) for other modules: they record what they did here, so the one
 * repository that writes the table stays the admin's. `actor` is an admin's username, or
 * USER_ACTOR for what a user did to their own account (API keys, issue 40): the target columns
 * say which user, and erasure blanks those, so the log keeps no name of an erased account. An
 * entry about no user (an admin turning an MCP tool off) has a null target.
 */
export async function recordAuditEntry(
  db: Db,
  entry: { actor: string; action: string; targetUserId: string | null; targetLabel: string; details: Record<string, string | number | boolean | null> | null; at: Date },
) {
  await adminUsersRepository.audit(db, {
    adminUsername: entry.actor,
    action: entry.action,
    targetUserId: entry.targetUserId,
    targetLabel: entry.targetLabel,
    details: entry.details,
    createdAt: entry.at,
  });
}

/** The log's admin column for a user acting on their own account (no admin name has parentheses). */
export const USER_ACTOR = '(user)';
