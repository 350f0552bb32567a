import { z } from 'zod';
import { emailSchema } from './auth';

/** Roles in a team: exactly one owner; owners and admins manage members and invitations. */
export const TEAM_ROLES = ['owner', 'admin', 'member'] as const;
export const teamRoleSchema = z.enum(TEAM_ROLES);
export type TeamRole = z.infer<typeof teamRoleSchema>;

/** The caller's team as GET /api/user/subscription names it. */
export const teamRefSchema = z.object({ id: z.uuid(), name: z.string(), role: teamRoleSchema });
export type TeamRef = z.infer<typeof teamRefSchema>;

/** The roles an invitation or a role change may give: ownership moves only by transfer. */
export const assignableRoleSchema = z.enum(['admin', 'member']);
export type AssignableRole = z.infer<typeof assignableRoleSchema>;

/** How long an invitation link stays valid. */
export const INVITATION_TTL_DAYS = 7;
export const TEAM_NAME_MAX_LENGTH = 80;

export const teamNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a team name.')
  .max(TEAM_NAME_MAX_LENGTH, `Use at most ${TEAM_NAME_MAX_LENGTH} characters.`)
  // PostgreSQL text cannot hold NUL, and no name needs a control character.
  .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), 'A team name may not contain control characters.');

export const teamMemberSchema = z.object({
  userId: z.uuid(),
  username: z.string(),
  email: z.string(),
  role: teamRoleSchema,
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: assignableRoleSchema,
  /** The inviter's username; null once that account is deleted. */
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/** GET /api/team. `seats.limit` null is unlimited; `used` counts members and pending invitations. */
export const teamSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  plan: z.string().nullable(),
  isPremium: z.boolean(),
  expiresAt: z.string().nullable(),
  seats: z.object({ used: z.number().int(), limit: z.number().int().nullable() }),
  members: z.array(teamMemberSchema),
  /** Pending invitations: owners and admins only (an empty list for a plain member). */
  invitations: z.array(teamInvitationSchema),
});
export type Team = z.infer<typeof teamSchema>;

export const updateTeamBodySchema = z.object({ name: teamNameSchema });
export type UpdateTeamBody = z.infer<typeof updateTeamBodySchema>;

export const createInvitationBodySchema = z.object({ email: emailSchema, role: assignableRoleSchema.default('member') });
export type CreateInvitationBody = z.infer<typeof createInvitationBodySchema>;

/** 201 to POST /api/team/invitations: the link is shown once (only its hash is kept). */
export const createdInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: assignableRoleSchema,
  url: z.string(),
  expiresAt: z.string(),
  /** Whether an email was sent (SMTP configured); false means copy the link. */
  emailed: z.boolean(),
  /** Mail is configured but this send failed: the invitation stands, the link is to be copied. */
  mailFailed: z.boolean(),
});
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;

/** GET /api/invitations/:token, public: what a visitor is invited to. */
export const invitationPreviewSchema = z.object({
  teamName: z.string(),
  invitedBy: z.string().nullable(),
  email: z.string(),
  role: assignableRoleSchema,
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const updateMemberBodySchema = z.object({ role: assignableRoleSchema });
export const transferOwnershipBodySchema = z.object({ userId: z.uuid() });

export const invitationTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });
export const idParamsSchema = z.object({ id: z.uuid() });
export const userIdParamsSchema = z.object({ userId: z.uuid() });
