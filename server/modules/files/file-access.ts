import { sql, type SQL } from 'drizzle-orm';
import type { FileScope } from '@contract/files';
import type { TeamRole } from '@contract/teams';
import { files, folders } from '../../db/schema/files';
import type { Db } from '../../db/database';
import { teamMembers } from '../../db/schema/teams';
import { teamAccounts } from '../teams/team-accounts';

/**
 * Who may do what with a file or folder: the one owner of these rules. A row whose team_id is
 * null is private to its user_id; one with a team_id belongs to that team's library, and user_id
 * is its uploader (or, for a folder, whoever made it).
 *
 * Membership is read from team_members in the same statement as the file, never from a cache, so a
 * removed member loses access with the request after the removal, including to download links
 * they kept.
 */

/** The caller's team, as a scalar subquery (team_members.user_id is its key: at most one row). */
const teamOf = (userId: string): SQL => sql`(select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.userId} = ${userId})`;

/** True on the files the user may open: their own private files and their team's files. */
export function readableFiles(userId: string): SQL {
  return sql`((${files.teamId} is null and ${files.userId} = ${userId}) or ${files.teamId} = ${teamOf(userId)})`;
}

/** True on the folders the user may open, by the same rule as readableFiles. */
export function readableFolders(userId: string): SQL {
  return sql`((${folders.teamId} is null and ${folders.userId} = ${userId}) or ${folders.teamId} = ${teamOf(userId)})`;
}

/**
 * One library of the user's: their private one, or their team's. Each is a part of what
 * readableFiles allows, written so that the planner can use the library's own index.
 */
export function filesInScope(userId: string, scope: FileScope): SQL {
  // `is not null` spelled out: the planner cannot prove it from a comparison with a subquery, and
  // files_team_home_uploaded_idx covers only team rows.
  return scope === 'team'
    ? sql`(${files.teamId} is not null and ${files.teamId} = ${teamOf(userId)})`
    : sql`(${files.teamId} is null and ${files.userId} = ${userId})`;
}

export function foldersInScope(userId: string, scope: FileScope): SQL {
  return scope === 'team' ? sql`${folders.teamId} = ${teamOf(userId)}` : sql`(${folders.teamId} is null and ${folders.userId} = ${userId})`;
}

/** The caller's place in their team, as the write rules need it. */
export interface Member {
  userId: string;
  teamId: string | null;
  role: TeamRole | null;
}

/** The caller's team and role now, read from the database (not a session cache). */
export async function currentMember(db: Db, userId: string): Promise<Member> {
  const membership = await teamAccounts.membershipOf(db, userId);
  return { userId, teamId: membership?.teamId ?? null, role: membership?.role ?? null };
}

/** What a write rule reads of a file or folder: whose it is and where it lives. */
export interface Owned {
  userId: string;
  teamId: string | null;
}

export const scopeOf = (row: { teamId: string | null }): FileScope => (row.teamId ? 'team' : 'private');

/**
 * Whether the caller may rename, move or delete a row they can read (and move a file between
 * their private and team libraries): a private row's owner; in a team library its uploader, the
 * team's admins and its owner. A plain member may read and add to the team library, not remove
 * what others put there.
 */
export function mayModify(member: Member, row: Owned): boolean {
  if (row.teamId === null) return row.userId === member.userId;
  if (row.teamId !== member.teamId) return false;
  return row.userId === member.userId || member.role === 'owner' || member.role === 'admin';
}
