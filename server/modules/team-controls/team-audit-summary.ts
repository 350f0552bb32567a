import { TEAM_AUDIT_ACTIONS, type TeamAuditAction, type TeamAuditEntry } from '@contract/team-audit';
import type { TeamAuditRow } from './team-audit.repository';

type Details = Record<string, string | number | boolean | null>;

const text = (details: Details | null, key: string) => {
  const value = details?.[key];
  return value === undefined || value === null ? '' : String(value);
};
const quoted = (details: Details | null, key: string) => `"${text(details, key)}"`;

/** Each action as one sentence, from what was recorded with it (erasure blanks details: the sentence still reads). */
const SENTENCES: Record<TeamAuditAction, (d: Details | null, targetLabel: string | null) => string> = {
  signed_in: (d) => (d ? `Signed in (${text(d, 'method')})` : 'Signed in'),
  invitation_created: (d, label) => `Invited ${label ?? 'someone'}${d ? ` as ${text(d, 'role')}` : ''}`,
  invitation_revoked: (_d, label) => `Revoked the invitation of ${label ?? 'someone'}`,
  invitation_accepted: (d) => `Joined the team${d ? ` as ${text(d, 'role')}` : ''}`,
  member_role_changed: (d) => (d ? `Changed a role from ${text(d, 'previousRole')} to ${text(d, 'role')}` : 'Changed a role'),
  member_removed: () => 'Removed a member from the team',
  member_left: () => 'Left the team',
  ownership_transferred: () => 'Transferred ownership of the team',
  team_policy_changed: () => "Changed the team's policy",
  conversations_erased_by_retention: (d) =>
    d ? `Erased ${text(d, 'conversations')} conversation(s) not used for ${text(d, 'retentionDays')} days` : 'Erased old conversations',
  team_file_downloaded: (d) => (d ? `Downloaded ${quoted(d, 'name')} from the team library` : 'Downloaded a file from the team library'),
  team_file_deleted: (d) => (d ? `Deleted ${quoted(d, 'name')} from the team library` : 'Deleted a file from the team library'),
  shared_with_team: (d) => (d ? `Shared the ${text(d, 'what')} ${quoted(d, 'name')} with the team` : 'Shared something with the team'),
  unshared_from_team: (d) => (d ? `Stopped sharing the ${text(d, 'what')} ${quoted(d, 'name')}` : 'Stopped sharing something'),
  data_export_started: () => 'Started an export of their own data',
  team_usage_exported: (d) => `Downloaded the team's usage${d ? ` for ${text(d, 'month')}` : ''} as CSV`,
  team_audit_exported: () => "Downloaded the team's audit as CSV",
  create_api_key: (d) => (d ? `Created the API key ${quoted(d, 'name')} (${text(d, 'prefix')}…)` : 'Created an API key'),
  revoke_api_key: (d) => (d ? `Revoked the API key ${quoted(d, 'name')} (${text(d, 'prefix')}…)` : 'Revoked an API key'),
};

const ERASED = 'Erased account';

/** One audit row as the team's owner sees it. */
export function toTeamAuditEntry(row: TeamAuditRow): TeamAuditEntry {
  const action = row.action as TeamAuditAction;
  // Genie's own jobs are named in the admin column in parentheses: "(retention)". "(user)" is a person.
  const byGenie = row.actorColumn !== '(user)';
  const actor = byGenie ? null : { userId: row.actorUserId, name: row.actorName ?? ERASED };
  // An erased actor's own entries (an API key, a join) had themselves as target: erasure blanks both,
  // and "Erased account" twice says nothing more than once.
  const ownAccount = row.targetUserId === row.actorUserId && (row.targetUserId !== null || (!byGenie && row.targetLabel === 'erased account'));
  const target =
    ownAccount || (row.targetUserId === null && row.targetLabel === null) || byGenie
      ? null
      : { userId: row.targetUserId, name: row.targetName ?? (row.targetLabel === 'erased account' ? ERASED : (row.targetLabel ?? ERASED)) };
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    kind: TEAM_AUDIT_ACTIONS[action],
    action,
    actor,
    target,
    summary: SENTENCES[action](row.details, row.targetLabel === 'erased account' ? null : row.targetLabel),
  };
}
