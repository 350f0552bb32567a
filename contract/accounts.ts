import { z } from 'zod';
import { planIdSchema } from './plans';
import { teamRoleSchema } from './teams';

/**
 * Account lifecycle: active; suspended by an admin (no sign-in, sessions ended); erasing while
 * DELETE /api/user runs (a crash leaves it so, and the next start finishes the erasure).
 */
export const ACCOUNT_STATUSES = ['active', 'suspended', 'erasing'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** What every way of signing in (password, reset link, single sign-on) says to an account that may not. */
export const INACTIVE_ACCOUNT_MESSAGES = {
  suspended: 'This account is suspended. Contact the operator of this Genie to have it reactivated.',
  erasing: 'This account is being erased and can no longer sign in.',
} as const satisfies Record<Exclude<AccountStatus, 'active'>, string>;

// ── Export ──────────────────────────────────────────────────────────────────────────────────────

export const EXPORT_STATUSES = ['building', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
/** How long a finished export stays downloadable. */
export const EXPORT_TTL_HOURS = 24;

export const userExportSchema = z.object({
  id: z.uuid(),
  status: z.enum(EXPORT_STATUSES),
  /** Bytes of the ZIP once ready. */
  size: z.number().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  expiresAt: z.string(),
  /** Where to GET the ZIP (only while ready and not expired). */
  downloadUrl: z.string().nullable(),
});
export type UserExport = z.infer<typeof userExportSchema>;
export const userExportListSchema = z.object({ exports: z.array(userExportSchema) });
export type UserExportList = z.infer<typeof userExportListSchema>;

export const exportIdParamsSchema = z.object({ id: z.uuid({ error: 'That export was not found.' }) });

// ── Erasure ─────────────────────────────────────────────────────────────────────────────────────

export const ERASE_NEEDS_PASSWORD = 'Enter your password to erase your account.';
export const ERASE_NEEDS_SSO = 'Confirm with your single sign-on provider to erase your account: your account has no password.';
/**
 * The password, or nothing when the browser carries a fresh single sign-on confirmation (from
 * GET /api/auth/oidc/start?purpose=erase; the only way for an account without a password).
 */
export const eraseAccountBodySchema = z.object({
  password: z.string({ error: ERASE_NEEDS_PASSWORD }).min(1, ERASE_NEEDS_PASSWORD).max(256, 'Password is too long').optional(),
});
export type EraseAccountBody = z.infer<typeof eraseAccountBodySchema>;
/**
 * 200 erased: nothing of the account is left. 202 erasing: the account is closed and its sessions
 * ended, but removing stored objects failed for now; the server finishes it on its own (and at the
 * next start).
 */
export const eraseAccountResponseSchema = z.object({ status: z.enum(['erased', 'erasing']) });
export type EraseAccountResponse = z.infer<typeof eraseAccountResponseSchema>;

// ── Admin: users, teams, audit ──────────────────────────────────────────────────────────────────

export const adminUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  username: z.string(),
  team: z.object({ id: z.uuid(), name: z.string(), role: teamRoleSchema }).nullable(),
  /** The team's live plan, or null on Free (a lapsed plan reads as null). */
  plan: planIdSchema.nullable(),
  premiumUntil: z.string().nullable(),
  lastActiveAt: z.string(),
  createdAt: z.string(),
  /** Bytes of the files they added: private ones and those in their team's library (/profile's breakdown counts the same). */
  storageBytes: z.number(),
  status: z.enum(ACCOUNT_STATUSES),
  /** Personal API keys the user holds (issue 40); DELETE /api/admin/users/:id/api-keys revokes them. */
  apiKeys: z.number().int().min(0),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListSchema = z.object({ users: z.array(adminUserSchema), nextCursor: z.string().nullable() });
export type AdminUserList = z.infer<typeof adminUserListSchema>;

export const adminUserListQuerySchema = z.object({
  search: z.string().trim().max(200, 'Search is too long.').optional(),
  cursor: z.string().max(200, 'That cursor is not valid.').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const adminUserIdParamsSchema = z.object({ id: z.uuid({ error: 'That user was not found.' }) });

export const adminUserPatchSchema = z
  .object({
    status: z.enum(['active', 'suspended'], { error: 'Status is active or suspended.' }).optional(),
    plan: planIdSchema.optional(),
    /** ISO date-time; with a plan and no date, the plan runs 30 days from the later of now and its current end. */
    premiumUntil: z.iso.datetime({ offset: true, error: 'premiumUntil must be an ISO date and time.' }).optional(),
    /** Shown in the audit log and on the zero-amount payment. */
    note: z.string().trim().max(500, 'The note is too long.').optional(),
  })
  .refine((body) => body.status !== undefined || body.plan !== undefined || body.premiumUntil !== undefined, {
    error: 'Send status, plan or premiumUntil.',
  });
export type AdminUserPatch = z.infer<typeof adminUserPatchSchema>;

/** POST /api/admin/users/:id/password-reset: the reset mail went out. */
export const adminPasswordResetSentSchema = z.object({ message: z.string() });
export type AdminPasswordResetSent = z.infer<typeof adminPasswordResetSentSchema>;

export const adminTeamSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  plan: planIdSchema.nullable(),
  premiumUntil: z.string().nullable(),
  seats: z.object({ used: z.number(), limit: z.number().nullable() }),
  members: z.array(z.object({ userId: z.uuid(), username: z.string(), email: z.string(), role: teamRoleSchema })),
});
export type AdminTeam = z.infer<typeof adminTeamSchema>;
export const adminTeamListSchema = z.object({ teams: z.array(adminTeamSchema), nextCursor: z.string().nullable() });
export type AdminTeamList = z.infer<typeof adminTeamListSchema>;
export const adminTeamListQuerySchema = z.object({
  search: z.string().trim().max(200, 'Search is too long.').optional(),
  cursor: z.string().max(200, 'That cursor is not valid.').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const ADMIN_ACTIONS = [
  'suspend',
  'reactivate',
  'grant_plan',
  'set_premium_until',
  'send_password_reset',
  // Issue 40: a user made or revoked one of their API keys (admin: `(user)`), or an admin revoked all of them.
  'create_api_key',
  'revoke_api_key',
  // Issue 41: an admin's "Mark received" paid an invoice.
  'confirm_invoice',
  'revoke_api_keys',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export const adminAuditEntrySchema = z.object({
  id: z.uuid(),
  admin: z.string(),
  action: z.string(),
  targetUserId: z.string().nullable(),
  target: z.string().nullable(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
  createdAt: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
export const adminAuditListSchema = z.object({ entries: z.array(adminAuditEntrySchema), nextCursor: z.string().nullable() });
export type AdminAuditList = z.infer<typeof adminAuditListSchema>;
export const adminAuditQuerySchema = z.object({
  action: z.enum(ADMIN_ACTIONS, { error: 'That action is not one the log records.' }).optional(),
  admin: z.string().trim().max(100, 'Admin name is too long.').optional(),
  /** ISO dates bounding createdAt (from inclusive, to exclusive). */
  from: z.iso.datetime({ offset: true, error: 'from must be an ISO date and time.' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'to must be an ISO date and time.' }).optional(),
  cursor: z.string().max(200, 'That cursor is not valid.').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
