import { sql } from 'drizzle-orm';
import type { AccountStatus } from '@contract/accounts';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    /** Shown as typed; unique without regard to case (users_username_lower_unique). */
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * active, suspended (by an admin: no sign-in, no sessions) or erasing (DELETE /api/user began;
     * a restart finishes it). See contract/accounts.ts.
     */
    status: text('status').$type<AccountStatus>().notNull().default('active'),
    /**
     * When the person proved they read this address's mail (a verification or reset link), or
     * signed up through a provider that vouched for it; null: unverified. Single sign-on links
     * only to a verified account (README "Security notes").
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * The persona picked in the onboarding carousel (or 'default' when it was skipped); null until
     * then. A new browser of the account skips the carousel and starts with it (issue 42).
     */
    chosenPersona: text('chosen_persona'),
    /** The language the account chose (contract/languages.ts); null: the browser's (issue 44). */
    language: text('language'),
  },
  (t) => [
    // `victim` and `VICTIM` are one name: clash checks compare lower(username), which this serves.
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    index('users_created_at_idx').on(t.createdAt),
    index('users_last_active_at_idx').on(t.lastActiveAt),
  ],
);
export type UserRow = typeof users.$inferSelect;

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the opaque cookie token: a leaked table does not leak sessions. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** As the browser sent it at sign-in (cut to 512 characters), so a user can tell their sessions apart. */
    userAgent: text('user_agent'),
    /** The client address at sign-in (behind TRUST_PROXY, X-Forwarded-For's). */
    ipAddress: text('ip_address'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);
export type SessionRow = typeof sessions.$inferSelect;
