import { z } from 'zod';

/**
 * Issue 43's team audit: what happened in a team, for its owner and admins (GET /api/team/audit).
 * Each recorded action belongs to one kind, the filter the page offers.
 */
export const TEAM_AUDIT_KINDS = ['sign_in', 'invitation', 'role', 'policy', 'retention', 'file', 'share', 'export', 'api_key'] as const;
export type TeamAuditKind = (typeof TEAM_AUDIT_KINDS)[number];

export const TEAM_AUDIT_KIND_NAMES: Record<TeamAuditKind, string> = {
  sign_in: 'Sign-ins',
  invitation: 'Invitations',
  role: 'Roles and members',
  policy: 'Policy',
  retention: 'Retention',
  file: 'Team library files',
  share: 'Shares',
  export: 'Exports',
  api_key: 'API keys',
};

/** Every action the team audit shows, with its kind. The names are those stored in the audit log. */
export const TEAM_AUDIT_ACTIONS = {
  signed_in: 'sign_in',
  invitation_created: 'invitation',
  invitation_revoked: 'invitation',
  invitation_accepted: 'invitation',
  member_role_changed: 'role',
  member_removed: 'role',
  member_left: 'role',
  ownership_transferred: 'role',
  team_policy_changed: 'policy',
  conversations_erased_by_retention: 'retention',
  team_file_downloaded: 'file',
  team_file_deleted: 'file',
  shared_with_team: 'share',
  unshared_from_team: 'share',
  data_export_started: 'export',
  team_usage_exported: 'export',
  team_audit_exported: 'export',
  create_api_key: 'api_key',
  revoke_api_key: 'api_key',
} as const satisfies Record<string, TeamAuditKind>;
export type TeamAuditAction = keyof typeof TEAM_AUDIT_ACTIONS;

export const actionsOfKind = (kind: TeamAuditKind) =>
  (Object.keys(TEAM_AUDIT_ACTIONS) as TeamAuditAction[]).filter((action) => TEAM_AUDIT_ACTIONS[action] === kind);

export const TEAM_AUDIT_PAGE_MAX = 100;
/** The CSV export's bound: the newest this many entries that match the filter. */
export const TEAM_AUDIT_CSV_MAX = 10_000;

export const teamAuditQuerySchema = z.object({
  person: z.uuid('Choose a person from the list.').optional(),
  kind: z.enum(TEAM_AUDIT_KINDS).optional(),
  format: z.enum(['json', 'csv']).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(TEAM_AUDIT_PAGE_MAX).default(50),
});
export type TeamAuditQuery = z.infer<typeof teamAuditQuerySchema>;

const personSchema = z.object({ userId: z.string().nullable(), name: z.string() });

export const teamAuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(TEAM_AUDIT_KINDS),
  action: z.string(),
  /** Who acted; null for Genie itself (the retention job). */
  actor: personSchema.nullable(),
  /** Whom it was done to, when not the actor's own account. */
  target: personSchema.nullable(),
  /** The event in one sentence, e.g. "Invited ann@example.com as member". */
  summary: z.string(),
});
export type TeamAuditEntry = z.infer<typeof teamAuditEntrySchema>;

export const teamAuditPageSchema = z.object({ entries: z.array(teamAuditEntrySchema), nextCursor: z.string().nullable() });
export type TeamAuditPage = z.infer<typeof teamAuditPageSchema>;
