import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';
import { conversations, type MessageRow } from '../../db/schema/chat';
import { teamMembers } from '../../db/schema/teams';
import { conversationWrites } from './conversation-writes';

/**
 * The SQL of the conversation list, search, detail and export; always scoped to the owner. Its
 * writes (rename/pin, share, copy, delete) are conversation-writes.ts's, the one writer of
 * conversations and messages, reached through this object too.
 */

// Written out in full: inside a select, Drizzle would render the columns unqualified.
const messageCount = sql<number>`(select count(*)::int from "messages" where "messages"."conversation_id" = "conversations"."id")`;
const ownerName = sql<string>`(select "users"."username" from "users" where "users"."id" = "conversations"."user_id")`;

/** The caller's team, as a scalar subquery (team_members.user_id is its key). */
const teamOf = (userId: SQL | string) => sql`(select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.userId} = ${userId})`;

/**
 * True on conversations shared with the viewer's team by an owner who is still in that team
 * (issue 42): a member removed from the team, or an owner who left it, ends the access at once.
 */
const sharedWith = (viewerId: string) =>
  sql`(${conversations.sharedTeamId} is not null and ${conversations.sharedTeamId} = ${teamOf(viewerId)}
      and ${conversations.sharedTeamId} = ${teamOf(sql`${conversations.userId}`)})`;

/** What a conversation summary reads: the list and a single conversation's header. */
const summaryColumns = {
  id: conversations.id,
  title: conversations.title,
  persona: conversations.persona,
  mode: conversations.mode,
  pinned: conversations.pinned,
  activeLeafId: conversations.activeLeafId,
  projectId: conversations.projectId,
  sharedAt: conversations.sharedAt,
  ownerName,
  createdAt: conversations.createdAt,
  updatedAt: conversations.updatedAt,
  messageCount,
};

/** Where ts_headline marks a match: control characters no typed text holds, split apart in the service. */
export const HIGHLIGHT_START = '\u0002';
export const HIGHLIGHT_STOP = '\u0003';

export interface ListKey {
  pinned: boolean;
  updatedAt: Date;
  id: string;
}

export interface SearchRow {
  id: string;
  title: string;
  persona: string;
  mode: string;
  pinned: boolean;
  active_leaf_id: string | null;
  project_id: string | null;
  shared_at: string | Date | null;
  owner_name: string;
  created_at: string | Date;
  updated_at: string | Date;
  message_count: number;
  snippet: string | null;
}

/** LIKE's own characters typed by the user match themselves. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A message as a conversation's view reads it (conversationsRepository.messagesOf). */
export type MessageDetailRow = Pick<
  MessageRow,
  'id' | 'role' | 'content' | 'attachments' | 'image' | 'citations' | 'toolCalls' | 'responseTimeMs' | 'model' | 'feedback' | 'status' | 'parentId' | 'createdAt'
> & {
  /** The persona that wrote a reply, from the exchange's interactions row; null for user messages and rows without one. */
  persona: string | null;
};

/** A message's place in its conversation's tree, without its contents (treeAndNewestOf). */
export interface MessageTreeRow {
  id: string;
  parentId: string | null;
  createdAt: Date;
}

/** The select of a view's message columns, named as MessageDetailRow names them (a where clause follows). */
// A reply's persona is the one its exchange recorded (interactions, written with the reply by the
// chat module): a reply keeps its avatar after the conversation moves to another persona (issue 42).
const detailColumns = sql`
  select id, role, content, attachments, image, citations, tool_calls as "toolCalls", response_time_ms as "responseTimeMs", model, feedback, status,
         parent_id as "parentId", created_at as "createdAt",
         case when role = 'assistant' then (select i.persona from interactions i where i.message_id = messages.id limit 1) end as persona
  from messages`;

/**
 * Rows read as one json_agg value, their createdAt back to a Date (PGlite decodes one JSON text far
 * faster than each column of each row).
 */
function parseJsonRows<T extends { createdAt: Date }>(text: string | null): T[] {
  if (!text) return [];
  return (JSON.parse(text) as (Omit<T, 'createdAt'> & { createdAt: string })[]).map((row) => ({ ...row, createdAt: new Date(row.createdAt) }) as T);
}

export const conversationsRepository = {
  /** Pinned first, then newest first by last activity; keyset-paginated on (pinned, updatedAt, id). */
  async listPage(db: Db, userId: string, limit: number, after: ListKey | null) {
    const keyset = after
      ? or(
          lt(conversations.pinned, after.pinned),
          and(
            eq(conversations.pinned, after.pinned),
            or(lt(conversations.updatedAt, after.updatedAt), and(eq(conversations.updatedAt, after.updatedAt), lt(conversations.id, after.id))),
          ),
        )
      : undefined;
    return db
      .select(summaryColumns)
      .from(conversations)
      .where(and(eq(conversations.userId, userId), keyset))
      .orderBy(desc(conversations.pinned), desc(conversations.updatedAt), desc(conversations.id))
      .limit(limit + 1);
  },

  /**
   * Full text over the user's own messages (and the titles, by words or by any part), newest
   * activity first; a conversation matched by content carries a highlighted snippet of its newest
   * matching message.
   */
  async search(db: Db, userId: string, text: string, limit: number): Promise<SearchRow[]> {
    const pattern = `%${likeEscaped(text)}%`;
    const options = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_STOP}, MaxWords=24, MinWords=8, MaxFragments=2, FragmentDelimiter=" … "`;
    const result = await db.execute(sql`
      with q as (select websearch_to_tsquery('english', ${text}::text) as query),
      hits as (
        select distinct on (m.conversation_id) m.conversation_id, m.content
        from messages m, q
        where m.user_id = ${userId}::uuid and to_tsvector('english', m.content) @@ q.query
        order by m.conversation_id, m.created_at desc
      )
      select c.id, c.title, c.persona, c.mode, c.pinned, c.active_leaf_id, c.project_id, c.shared_at,
             (select username from users where users.id = c.user_id) as owner_name, c.created_at, c.updated_at,
             (select count(*)::int from messages where messages.conversation_id = c.id) as message_count,
             case when h.content is null then null else ts_headline('english', h.content, q.query, ${options}::text) end as snippet
      from conversations c cross join q
      left join hits h on h.conversation_id = c.id
      where c.user_id = ${userId}::uuid
        and (h.conversation_id is not null or c.title ilike ${pattern}::text or to_tsvector('english', c.title) @@ q.query)
      order by c.updated_at desc, c.id desc
      limit ${limit}::int
    `);
    return rowsOf<SearchRow>(result);
  },

  async findOwn(db: Db, userId: string, id: string) {
    const [row] = await db
      .select(summaryColumns)
      .from(conversations)
      .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
      .limit(1);
    return row ?? null;
  },

  /**
   * Every message of a conversation, oldest first, with the columns a conversation's view needs.
   * Read as one JSON value built by the database: PGlite decodes each column of each row in
   * JavaScript, which for a 1,000-message conversation took 105-113 ms against 30 ms for the same
   * rows as one json_agg (issue 19, item 6: opening a long conversation).
   */
  async messagesOf(db: Db, conversationId: string): Promise<MessageDetailRow[]> {
    const result = await db.execute(sql`
      select json_agg(m order by m."createdAt", m.id)::text as rows
      from (${detailColumns} where conversation_id = ${conversationId}::uuid) m
    `);
    return parseJsonRows<MessageDetailRow>(rowsOf<{ rows: string | null }>(result)[0]?.rows ?? null);
  },

  /**
   * The whole message tree without contents (ids, parents, times), and the `newest` messages by
   * creation with every column, in one statement: the active branch's newest messages are almost
   * always the newest created, so a page of a long conversation usually needs nothing more
   * (messagesByIds reads any that are not).
   */
  async treeAndNewestOf(db: Db, conversationId: string, newest: number): Promise<{ tree: MessageTreeRow[]; newest: MessageDetailRow[] }> {
    const result = await db.execute(sql`
      select
        (select json_agg(json_build_object('id', id, 'parentId', parent_id, 'createdAt', created_at) order by created_at, id)
           from messages where conversation_id = ${conversationId}::uuid)::text as tree,
        (select json_agg(m)::text from (${detailColumns} where conversation_id = ${conversationId}::uuid order by created_at desc, id desc limit ${newest}) m) as newest
    `);
    const row = rowsOf<{ tree: string | null; newest: string | null }>(result)[0];
    return { tree: parseJsonRows<MessageTreeRow>(row?.tree ?? null), newest: parseJsonRows<MessageDetailRow>(row?.newest ?? null) };
  },

  /** These messages of the conversation with every column a view needs, in no set order. */
  async messagesByIds(db: Db, conversationId: string, ids: readonly string[]): Promise<MessageDetailRow[]> {
    if (ids.length === 0) return [];
    const result = await db.execute(sql`
      select json_agg(m)::text as rows from (${detailColumns}
        where conversation_id = ${conversationId}::uuid and id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})) m
    `);
    return parseJsonRows<MessageDetailRow>(rowsOf<{ rows: string | null }>(result)[0]?.rows ?? null);
  },

  /** The project a conversation of the caller's is in; undefined when it is not theirs. */
  async projectIdOf(db: Db, userId: string, id: string): Promise<string | null | undefined> {
    const [row] = await db
      .select({ projectId: conversations.projectId })
      .from(conversations)
      .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
      .limit(1);
    return row ? row.projectId : undefined;
  },

  /** A conversation shared with the viewer's team (their own, shared, too); null otherwise. */
  async findShared(db: Db, viewerId: string, id: string) {
    const [row] = await db
      .select({ ...summaryColumns, userId: conversations.userId })
      .from(conversations)
      .where(and(eq(conversations.id, id), sharedWith(viewerId)))
      .limit(1);
    return row ?? null;
  },

  /**
   * A project's conversations as the viewer sees them: their own in it, and the ones teammates
   * shared with their team; newest activity first.
   */
  async inProject(db: Db, viewerId: string, projectId: string) {
    return db
      .select({ ...summaryColumns, userId: conversations.userId })
      .from(conversations)
      .where(and(eq(conversations.projectId, projectId), or(eq(conversations.userId, viewerId), sharedWith(viewerId))))
      .orderBy(desc(conversations.updatedAt), desc(conversations.id))
      .limit(200);
  },

  ...conversationWrites,
};
