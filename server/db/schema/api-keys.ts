import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Personal API keys (issue 40): a key acts as its user on /v1 and /mcp. Only the SHA-256 of the
 * key is kept (like sessions: a high-entropy token needs no slow hash), so a leaked table unlocks
 * nothing; `prefix` is the key's first characters, shown so a user can tell keys apart.
 * Revocation deletes the row. The user's own deletion removes them (cascade).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    prefix: text('prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Written at most once a minute per key (api-keys.service.ts), so uses stay reads. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId, t.createdAt)],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;
