import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ChatMode } from '@contract/chat';
import type { PersonaId } from '@contract/personas';
import { teams } from './teams';
import { users } from './users';

/**
 * A team's policy (issue 43). No row is the default policy (everything on, no budget, nothing
 * erased), so teams made before it, and every new one, need no row until the owner sets one.
 */
export const teamPolicies = pgTable('team_policies', {
  teamId: uuid('team_id')
    .primaryKey()
    .references(() => teams.id, { onDelete: 'cascade' }),
  personas: jsonb('personas').$type<PersonaId[]>().notNull(),
  modes: jsonb('modes').$type<ChatMode[]>().notNull(),
  imageGeneration: boolean('image_generation').notNull(),
  tools: boolean('tools').notNull(),
  api: boolean('api').notNull(),
  monthlyTokensPerMember: bigint('monthly_tokens_per_member', { mode: 'number' }),
  monthlyTokensTeam: bigint('monthly_tokens_team', { mode: 'number' }),
  retentionDays: integer('retention_days'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
export type TeamPolicyRow = typeof teamPolicies.$inferSelect;

/**
 * One row per model call: its tokens as the provider counted them (or an estimate, `estimated`),
 * by user, team, persona and model. The team is the one the user was in at the time, so a member
 * who leaves takes nothing of the old team's month with them; a deleted account leaves its rows
 * (user null) so the team's totals stay right.
 */
export const modelUsage = pgTable(
  'model_usage',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    persona: text('persona').notNull(),
    /** `<provider>:<model id>`, or the offline engine's label. */
    model: text('model').notNull(),
    tokensIn: integer('tokens_in').notNull(),
    tokensOut: integer('tokens_out').notNull(),
    estimated: boolean('estimated').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('model_usage_team_created_idx').on(t.teamId, t.createdAt), index('model_usage_user_created_idx').on(t.userId, t.createdAt)],
);
export type ModelUsageRow = typeof modelUsage.$inferSelect;
