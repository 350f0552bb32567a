import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { teamMembers } from '../../db/schema/teams';

/**
 * Who sees and who changes a row that is private to its creator (team_id null) or shared with a
 * team (issue 42: projects and saved prompts). Membership is read from team_members in the same
 * statement, never from a cache, so a member removed from the team loses access with the next
 * request. Exported for the prompts module, which follows the same rules.
 */

/** The caller's team, as a scalar subquery (team_members.user_id is its key). */
export const teamOf = (userId: string): SQL => sql`(select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.userId} = ${userId}::uuid)`;

interface Owned {
  userId: AnyPgColumn;
  teamId: AnyPgColumn;
}

/** True on the rows the caller may see: their private ones and their team's. */
export const visibleTo = (t: Owned, userId: string): SQL =>
  sql`((${t.teamId} is null and ${t.userId} = ${userId}::uuid) or ${t.teamId} = ${teamOf(userId)})`;

/** True on the visible rows the caller may change: their own, and as the team's owner or an admin, the team's. */
export const editableBy = (t: Owned, userId: string): SQL =>
  sql`(${t.userId} = ${userId}::uuid or exists (select 1 from ${teamMembers} where ${teamMembers.userId} = ${userId}::uuid
      and ${teamMembers.teamId} = ${t.teamId} and ${teamMembers.role} in ('owner', 'admin')))`;
