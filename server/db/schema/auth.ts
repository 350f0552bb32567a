import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { teams } from './teams';
import { users } from './users';

/**
 * Password-reset links: only the SHA-256 of the token is kept, so a leaked table resets nothing.
 * A link works once (used_at) and until expires_at (an hour). Rows also count the mails sent per
 * account for the per-account rate limit.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Email verification links, mailed at a password sign-up and on "Resend": only the SHA-256 of the
 * token is kept. A link works once, until expires_at, and only for the address it was mailed to
 * (`email`: an account whose address changed since is not verified by an old link). Rows also
 * count the mails sent per account for the per-account limit.
 */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_verification_tokens_user_idx').on(t.userId, t.createdAt)],
);

/**
 * An OpenID Connect identity linked to an account: after the first sign-in (matched by verified
 * email or a new account), the provider's stable subject finds the account even if the email changes.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('user_identities_user_idx').on(t.userId)],
);

/**
 * OIDC_TEAM_BY_EMAIL_DOMAIN: the team that new SSO accounts of one email domain join. The first
 * such account creates it (and owns it); deleting the team forgets the domain.
 */
export const oidcDomainTeams = pgTable('oidc_domain_teams', {
  domain: text('domain').primaryKey(),
  teamId: uuid('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
