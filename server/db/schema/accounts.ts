import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ExportStatus } from '@contract/accounts';
import { teams } from './teams';
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
    /**
     * The team the event belongs to (issue 43's team audit, GET /api/team/audit): the team the
     * person acting was in at the time. Null for the operator's own actions on accounts. A deleted
     * team's events stay in the operator's log, naming no team.
     */
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    /** The user who acted (a team event); no foreign key, like target_user_id: erasure clears it. */
    actorUserId: uuid('actor_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_actions_created_idx').on(t.createdAt, t.id),
    index('admin_actions_target_idx').on(t.targetUserId),
    // The team audit pages its team's events newest first.
    index('admin_actions_team_created_idx').on(t.teamId, t.createdAt, t.id),
    index('admin_actions_actor_idx').on(t.actorUserId),
  ],
);
export type AdminActionRow = typeof adminActions.$inferSelect;
