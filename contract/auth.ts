import { z } from 'zod';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from './limits';
import { languageSchema } from './languages';

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Enter a valid email address' }));

/** Letters, digits, dot, dash and underscore: safe to show anywhere and to put in a URL. */
export const usernameSchema = z
  .string({ error: 'Username is required' })
  .trim()
  .min(USERNAME_MIN_LENGTH, `Username must be at least ${USERNAME_MIN_LENGTH} characters`)
  .max(USERNAME_MAX_LENGTH, `Username must be at most ${USERNAME_MAX_LENGTH} characters`)
  .regex(/^[A-Za-z0-9._-]+$/, 'Username may use letters, digits, dots, dashes and underscores');

/** NIST 800-63B: length only, no composition rules; common passwords are refused on the server. */
export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const signupBodySchema = z.object({
  email: emailSchema,
  username: usernameSchema,
  password: passwordSchema,
  /**
   * The token of an invitation link (issue 15): the new account joins that team instead of
   * getting one of its own. An invitation no longer valid refuses the sign-up (nothing is created).
   */
  invitation: z.string().min(1).max(200).optional(),
});
export type SignupBody = z.infer<typeof signupBodySchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** POST /api/auth/ldap/login: the company directory's login name (or email, per LDAP_USER_FILTER) and its password. */
export const ldapLoginBodySchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(256, 'Username is too long'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type LdapLoginBody = z.infer<typeof ldapLoginBodySchema>;

export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  createdAt: z.string(),
  /** Whether the owner proved they read this address's mail (README "Security notes"). */
  emailVerified: z.boolean(),
  /** The language the account chose (issue 44); null: the browser's. */
  language: languageSchema.nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const authUserResponseSchema = z.object({ user: currentUserSchema });
export type AuthUserResponse = z.infer<typeof authUserResponseSchema>;

/**
 * GET /api/auth/session: the browser's "who is signed in?", answered 200 for a visitor too (user
 * null), so a signed-out page logs no failed request (issue 42). GET /api/auth/me keeps its 401.
 */
export const sessionResponseSchema = z.object({ user: currentUserSchema.nullable() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });

// ── account security: password change and reset, sessions, sign-in options ──

/** POST /api/auth/verify-email: the token of a mailed verification link. */
export const verifyEmailBodySchema = z.object({
  token: z.string({ error: 'The verification link is incomplete' }).min(1, 'The verification link is incomplete').max(200, 'The verification link is not valid'),
});
/** 202 to POST /api/auth/verify-email/resend. */
export const verificationSentSchema = z.object({ message: z.string() });

export const changePasswordBodySchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(PASSWORD_MAX_LENGTH),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const passwordResetRequestBodySchema = z.object({ email: emailSchema });
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBodySchema>;

/** The one answer to every reset request, whether or not an account uses the address. */
export const passwordResetAcceptedSchema = z.object({ message: z.string() });
export const PASSWORD_RESET_ACCEPTED = 'If an account uses this address, a link to reset its password is on its way. It works once, for one hour.';

export const passwordResetConfirmBodySchema = z.object({
  token: z.string({ error: 'The reset link is incomplete' }).min(1, 'The reset link is incomplete').max(200, 'The reset link is not valid'),
  newPassword: passwordSchema,
});
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBodySchema>;

export const sessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;
export const sessionsResponseSchema = z.array(sessionSchema);

export const sessionIdParamsSchema = z.object({ id: z.string().max(100) });
export const revokedResponseSchema = z.object({ revoked: z.number().int() });

/** What the sign-in pages offer, from the server's settings. */
export const authOptionsSchema = z.object({
  /** False with OIDC_ONLY: no password sign-in, sign-up, change or reset. */
  passwords: z.boolean(),
  /** 'mail' when SMTP is set; 'operator' when a reset needs the operator's command. */
  passwordReset: z.enum(['mail', 'operator']),
  /** The single sign-on provider's display name, or null when SSO is off. */
  sso: z.object({ name: z.string() }).nullable(),
  /** True when LDAP_URL is set: /login shows "Sign in with your company account" (POST /api/auth/ldap/login). */
  ldap: z.boolean(),
});
export type AuthOptions = z.infer<typeof authOptionsSchema>;

/** Whether the account has a password (one made by single sign-on has none until a reset sets it). */
export const passwordStatusSchema = z.object({ set: z.boolean() });
