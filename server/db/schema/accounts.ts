import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ExportStatus } from '@contract/accounts';
import { users } from './users';

/**
 * A user's data export (GET /api/user/export/:id): built in the background into one ZIP object
 * under `exports/<userId>/<id>.zip`, downloadable until expires_at. The row goes with the account.
 */
export const userExports = pgTable(
  'user_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<ExportStatus>().notNull().default('building'),
    objectKey: text('object_key').notNull().unique(),
    size: bigint('size', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('user_exports_user_created_idx').on(t.userId, t.createdAt), index('user_exports_expires_idx').on(t.expiresAt)],
);
export type UserExportRow = typeof userExports.$inferSelect;

/**
 * What admins did to accounts (suspend, reactivate, grant a plan, …): GET /api/admin/audit.
 * Sign-in attempts stay in admin_audit_log. target_user_id is no foreign key on purpose: erasure
 * clears it (and the label) so the entry stays, naming no one.
 */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminUsername: text('admin_username').notNull(),
    action: text('action').notNull(),
    targetUserId: uuid('target_user_id'),
    /** The target's email when the action was taken; "erased account" after erasure. */
    targetLabel: text('target_label'),
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_actions_created_idx').on(t.createdAt, t.id),
    index('admin_actions_target_idx').on(t.targetUserId),
  ],
);
export type AdminActionRow = typeof adminActions.$inferSelect;
