import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { teams } from './teams';
import { users } from './users';

/**
 * Issue 42. A project groups conversations and carries instructions (added to the persona's
 * system prompt) and pinned files and folders (the scope of "Search my files" inside it). A row
 * whose team_id is null is private to user_id (its creator); one with a team_id is shared with that
 * team: its members see it, and only its creator and the team's owner and admins change it.
 * Pinned ids are kept as arrays, not foreign keys: a pinned file deleted later simply matches
 * nothing, and every search still filters by what the asking user may read.
 */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    instructions: text('instructions').notNull().default(''),
    fileIds: uuid('file_ids').array().notNull().default(sql`'{}'::uuid[]`),
    folderIds: uuid('folder_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('projects_user_idx').on(t.userId), index('projects_team_idx').on(t.teamId).where(sql`${t.teamId} is not null`)],
);
export type ProjectRow = typeof projects.$inferSelect;

/**
 * Issue 42. A saved prompt: a title and a body with {{placeholders}}. Private (team_id null) or
 * shared with a team, by the same rules as projects.
 */
export const prompts = pgTable(
  'prompts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('prompts_user_idx').on(t.userId), index('prompts_team_idx').on(t.teamId).where(sql`${t.teamId} is not null`)],
);
export type PromptRow = typeof prompts.$inferSelect;
