import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/database';
import { conversations, type MessageRow } from '../../db/schema/chat';

/** The SQL of the conversation list, search, detail, rename/pin, export and delete; always scoped to the owner. */

// Written out in full: inside a select, Drizzle would render the columns unqualified.
const messageCount = sql<number>`(select count(*)::int from "messages" where "messages"."conversation_id" = "conversations"."id")`;

/** What a conversation summary reads: the list and a single conversation's header. */
const summaryColumns = {
  id: conversations.id,
  title: conversations.title,
  persona: conversations.persona,
  mode: conversations.mode,
  pinned: conversations.pinned,
  activeLeafId: conversations.activeLeafId,
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
  'id' | 'role' | 'content' | 'attachments' | 'image' | 'citations' | 'responseTimeMs' | 'model' | 'feedback' | 'status' | 'parentId' | 'createdAt'
>;

/** A message's place in its conversation's tree, without its contents (treeAndNewestOf). */
export interface MessageTreeRow {
  id: string;
  parentId: string | null;
  createdAt: Date;
}

/** The select of a view's message columns, named as MessageDetailRow names them (a where clause follows). */
const detailColumns = sql`
  select id, role, content, attachments, image, citations, response_time_ms as "responseTimeMs", model, feedback, status,
         parent_id as "parentId", created_at as "createdAt"
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
      select c.id, c.title, c.persona, c.mode, c.pinned, c.active_leaf_id, c.created_at, c.updated_at,
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

  /** Rename and pin; does not touch updatedAt (the list order is by last activity). False when not theirs. */
  async patchOwn(db: Db, userId: string, id: string, patch: { title?: string; pinned?: boolean }): Promise<boolean> {
    const rows = await db
      .update(conversations)
      .set(patch)
      .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
      .returning({ id: conversations.id });
    return rows.length > 0;
  },

  async setActiveLeaf(db: Db, userId: string, id: string, leafId: string) {
    await db
      .update(conversations)
      .set({ activeLeafId: leafId })
      .where(and(eq(conversations.id, id), eq(conversations.userId, userId)));
  },

  /**
   * Retention (issue 43): the team's members' conversations whose last activity is before
   * `cutoff`, except pinned ones; their messages (and the citations they hold) go with them.
   * Library files are not touched. Answers how many were erased.
   */
  async eraseStale(db: Db, teamId: string, cutoff: Date): Promise<number> {
    const rows = await db
      .delete(conversations)
      .where(
        and(
          sql`${conversations.userId} in (select user_id from team_members where team_id = ${teamId})`,
          eq(conversations.pinned, false),
          lt(conversations.updatedAt, cutoff),
        ),
      )
      .returning({ id: conversations.id });
    return rows.length;
  },

  async deleteOwn(db: Db, userId: string, id: string): Promise<boolean> {
    const rows = await db
      .delete(conversations)
      .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
      .returning({ id: conversations.id });
    return rows.length > 0;
  },
};
