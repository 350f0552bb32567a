import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid, boolean } from 'drizzle-orm/pg-core';
import { projects } from './projects';
import { teams } from './teams';
import { users } from './users';

/** One tool call as stored with its reply (contract/mcp-tools.ts's toolCallSchema). */
export interface StoredToolCall {
  id: string;
  server: string;
  tool: string;
  arguments: string;
  status: 'done' | 'failed' | 'denied';
  result: string;
}

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    persona: text('persona').notNull(),
    mode: text('mode').notNull(),
    /** Pinned conversations list first. */
    pinned: boolean('pinned').notNull().default(false),
    /**
     * The last message of the branch on screen (edits and regenerations make a tree of messages);
     * the branch is read by walking parent ids up from it. No foreign key: it points into this
     * conversation's own messages, which go with it.
     */
    activeLeafId: uuid('active_leaf_id'),
    /** The project it is in (issue 42); a deleted project leaves its conversations outside any. */
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /**
     * Shared read-only with this team (issue 42), since shared_at; null when not shared. Teammates
     * read it only while both they and its owner are members of that team.
     */
    sharedTeamId: uuid('shared_team_id').references(() => teams.id, { onDelete: 'set null' }),
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversations_user_updated_idx').on(t.userId, t.updatedAt),
    index('conversations_project_idx').on(t.projectId).where(sql`${t.projectId} is not null`),
  ],
);
export type ConversationRow = typeof conversations.$inferSelect;

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    content: text('content').notNull(),
    attachments: jsonb('attachments').$type<{ url: string; name: string; type: string; size: number }[]>(),
    image: text('image'),
    /** The passages an assistant reply cites as [n] (issue 16); null when it cites none. */
    citations: jsonb('citations').$type<{ n: number; fileId: string; fileName: string; page: number | null; snippet: string }[]>(),
    /** The MCP tool calls the reply made (issue 40), with their arguments and results; null when none. */
    toolCalls: jsonb('tool_calls').$type<StoredToolCall[]>(),
    responseTimeMs: integer('response_time_ms'),
    model: text('model'),
    tokensIn: integer('tokens_in'),
    tokensOut: integer('tokens_out'),
    feedback: text('feedback'),
    /** complete, stopped (by the user), cut_off (the provider's length limit) or failed; incomplete in rows before those. */
    status: text('status').notNull().default('complete'),
    /**
     * The message this one follows (null for a first message). Siblings, messages with one parent,
     * are the variants: regenerated replies, or edited versions of a user message.
     */
    parentId: uuid('parent_id'),
    /** A reply asked for again (regenerate): it counts toward the allowance like a message. */
    regenerated: boolean('regenerated').notNull().default(false),
    /**
     * Copied from a teammate's shared conversation ("Continue in my chats", issue 42): the copier
     * did not send it, so it never counts toward their allowance or their questions.
     */
    copied: boolean('copied').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt),
    index('messages_user_role_created_idx').on(t.userId, t.role, t.createdAt),
    // Conversation search: full text over each user's own messages (GET /api/conversations?search=).
    index('messages_content_search_idx').using('gin', sql`to_tsvector('english', ${t.content})`),
  ],
);
export type MessageRow = typeof messages.$inferSelect;

/** One row per exchange with a model: what admin analytics and profile metrics count. */
export const interactions = pgTable(
  'interactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    messageId: uuid('message_id'),
    persona: text('persona').notNull(),
    mode: text('mode').notNull(),
    responseTimeMs: integer('response_time_ms').notNull(),
    success: boolean('success').notNull(),
    tokens: integer('tokens').notNull().default(0),
    feedback: text('feedback'),
    /**
     * Continue of a reply that was cut off (issue 42): it grows the reply instead of adding a
     * message, so this row is what counts it toward the allowance (chat_counts_after_lock).
     */
    continuation: boolean('continuation').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('interactions_created_at_idx').on(t.createdAt),
    index('interactions_user_created_idx').on(t.userId, t.createdAt),
    index('interactions_message_idx').on(t.messageId),
  ],
);
export type InteractionRow = typeof interactions.$inferSelect;

export const featureEvents = pgTable(
  'feature_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    feature: text('feature').notNull(),
    action: text('action').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('feature_events_user_feature_idx').on(t.userId, t.feature),
  ],
);
