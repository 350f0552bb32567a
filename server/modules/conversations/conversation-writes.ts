import { and, eq, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { conversations, messages, type MessageRow } from '../../db/schema/chat';
import { teamMembers } from '../../db/schema/teams';

/**
 * The one writer of `conversations` and `messages` (docs/decisions.md, "Data: one writer per
 * table"; scripts/lint/table-owners.mjs checks it). This module's repository and the chat module
 * call it; it is an exported helper, not a repository, so the chat module may import it. The chat
 * exchange's two statements stay one statement each: they embed the fragments below, over their
 * own placeholders (`value('user')`, `value('conversation')`, ...).
 */

/** A placeholder of the statement the fragment goes into (statement-by-shape.ts). */
type Value = (name: string) => SQLWrapper;

/** The caller's team, as a scalar subquery (team_members.user_id is its key). */
const teamOf = (userId: string) => sql`(select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.userId} = ${userId})`;

/** A message copied into a new conversation ("Continue in my chats", "Branch into a new chat"). */
export interface CopiedMessage {
  id: string;
  role: string;
  content: string;
  attachments: MessageRow['attachments'];
  image: string | null;
  citations: MessageRow['citations'];
  toolCalls: MessageRow['toolCalls'];
  responseTimeMs: number | null;
  model: string | null;
  status: string;
  createdAt: Date;
}

/** The fragments of the chat exchange's start and finish statements that write these two tables. */
export const exchangeWrites = {
  /** A new conversation, created with the user's first message when the verdict allows it. */
  newConversationCte(v: Value): SQL {
    return sql`new_conversation as (
      insert into conversations (id, user_id, title, persona, mode, active_leaf_id, created_at, updated_at)
      select ${v('conversation')}::uuid, ${v('user')}::uuid, ${v('title')}::text, ${v('persona')}::text, ${v('mode')}::text, ${v('message')}::uuid, ${v('now')}::timestamptz, ${v('now')}::timestamptz
      from verdict where allowed
    )`;
  },

  /** The user's message after `parent`, when the verdict allows it. */
  userMessageCte(v: Value, parent: SQL): SQL {
    return sql`new_message as (
      insert into messages (id, conversation_id, user_id, role, content, attachments, parent_id, created_at)
      select ${v('message')}::uuid, ${v('conversation')}::uuid, ${v('user')}::uuid, 'user', ${v('content')}::text, ${v('attachments')}::jsonb, ${parent}, ${v('now')}::timestamptz
      from verdict where allowed
    )`;
  },

  /** An existing conversation's active leaf becomes the user's new message. */
  newLeafCte(v: Value): SQL {
    return sql`new_leaf as (
      update conversations set active_leaf_id = ${v('message')}::uuid
      where id = ${v('conversation')}::uuid and exists (select 1 from verdict where allowed)
    )`;
  },

  /** Continue (issue 42): the cut-off reply grows by the new text; tokens and response time add up. */
  extendReplyCte(v: Value): SQL {
    return sql`reply as (
      update messages set content = content || ${v('content')}::text, status = ${v('status')}::text,
        response_time_ms = coalesce(response_time_ms, 0) + ${v('responseTimeMs')}::int,
        tokens_in = coalesce(tokens_in, 0) + ${v('tokensIn')}::int, tokens_out = coalesce(tokens_out, 0) + ${v('tokensOut')}::int,
        citations = coalesce(${v('citations')}::jsonb, citations),
        tool_calls = case when ${v('toolCalls')}::jsonb is null then tool_calls else coalesce(tool_calls, '[]'::jsonb) || ${v('toolCalls')}::jsonb end
      where id = ${v('reply')}::uuid and user_id = ${v('user')}::uuid and role = 'assistant'
    )`;
  },

  /** A new reply. */
  insertReplyCte(v: Value): SQL {
    return sql`reply as (
      insert into messages (id, conversation_id, user_id, role, content, image, response_time_ms, model, tokens_in, tokens_out, status,
                            parent_id, regenerated, created_at, citations, tool_calls)
      values (${v('reply')}::uuid, ${v('conversation')}::uuid, ${v('user')}::uuid, 'assistant', ${v('content')}::text, ${v('image')}::text,
              ${v('responseTimeMs')}::int, ${v('model')}::text, ${v('tokensIn')}::int, ${v('tokensOut')}::int, ${v('status')}::text,
              ${v('parent')}::uuid, ${v('regenerated')}::boolean, ${v('createdAt')}::timestamptz, ${v('citations')}::jsonb, ${v('toolCalls')}::jsonb)
    )`;
  },

  /** The finish statement's own write: the conversation's persona, mode, last activity and (with a reply) its leaf. */
  touchConversation(v: Value, withReply: boolean): SQL {
    return sql`update conversations set persona = ${v('persona')}::text, mode = ${v('mode')}::text, updated_at = ${v('now')}::timestamptz
      ${withReply ? sql`, active_leaf_id = ${v('reply')}::uuid` : sql``}
    where id = ${v('conversation')}::uuid`;
  },
};

export const conversationWrites = {
  /** Rename, pin and move to a project; does not touch updatedAt (the list order is by last activity). False when not theirs. */
  async patchOwn(db: Db, userId: string, id: string, patch: { title?: string; pinned?: boolean; projectId?: string | null }): Promise<boolean> {
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

  /** Shares it with the owner's current team (issue 42), or stops sharing it. False when not theirs. */
  async setShared(db: Db, userId: string, id: string, at: Date | null): Promise<boolean> {
    const rows = await db
      .update(conversations)
      .set(at ? { sharedTeamId: sql`${teamOf(userId)}`, sharedAt: at } : { sharedTeamId: null, sharedAt: null })
      .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
      .returning({ id: conversations.id });
    return rows.length > 0;
  },

  /**
   * "Continue in my chats" and "Branch into a new chat": a new conversation of the viewer's holding
   * a copy of these messages (a branch, oldest first, each following the one before), in one
   * transaction.
   */
  async insertCopy(
    db: Db,
    copy: { id: string; userId: string; title: string; persona: string; mode: string; projectId: string | null; now: Date },
    branch: CopiedMessage[],
  ): Promise<void> {
    await db.transaction(async (tx) => {
      await tx.insert(conversations).values({
        id: copy.id,
        userId: copy.userId,
        title: copy.title,
        persona: copy.persona,
        mode: copy.mode,
        projectId: copy.projectId,
        activeLeafId: branch.length > 0 ? branch[branch.length - 1]!.id : null,
        createdAt: copy.now,
        updatedAt: copy.now,
      });
      if (branch.length === 0) return;
      await tx.insert(messages).values(
        branch.map((m, i) => ({
          id: m.id,
          conversationId: copy.id,
          userId: copy.userId,
          role: m.role,
          content: m.content,
          attachments: m.attachments,
          image: m.image,
          citations: m.citations,
          toolCalls: m.toolCalls,
          responseTimeMs: m.responseTimeMs,
          model: m.model,
          status: m.status,
          parentId: i === 0 ? null : branch[i - 1]!.id,
          // Not sent by the copier: never counted toward their allowance (chat_counts_after_lock).
          copied: true,
          createdAt: m.createdAt,
        })),
      );
    });
  },

  async deleteOwn(db: Db, userId: string, id: string): Promise<boolean> {
    const rows = await db
      .delete(conversations)
      .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
      .returning({ id: conversations.id });
    return rows.length > 0;
  },

  /** A conversation the chat created for an exchange it then forgot (a message too long for the model). */
  async deleteConversation(db: Db, conversationId: string) {
    await db.delete(conversations).where(eq(conversations.id, conversationId));
  },

  /** A user message the chat stored and then forgot (too long for the model). */
  async deleteMessage(db: Db, messageId: string) {
    await db.delete(messages).where(eq(messages.id, messageId));
  },

  /** The model's title for a new conversation, only while it still has its keyword title (a rename wins). */
  async replaceTitle(db: Db, userId: string, conversationId: string, from: string, to: string) {
    await db
      .update(conversations)
      .set({ title: to })
      .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId), eq(conversations.title, from)));
  },

  /** A user message's exchange status: failed (shown with Retry, not counted) or complete again on retry. */
  async setUserMessageStatus(db: Db, messageId: string, status: 'complete' | 'failed') {
    await db.update(messages).set({ status }).where(and(eq(messages.id, messageId), eq(messages.role, 'user')));
  },

  /** Thumbs on the user's own assistant message; false when not theirs. Takes the caller's transaction (its interaction goes with it). */
  async setReplyFeedback(tx: Db, userId: string, messageId: string, feedback: string): Promise<boolean> {
    const updated = await tx
      .update(messages)
      .set({ feedback })
      .where(and(eq(messages.id, messageId), eq(messages.userId, userId), eq(messages.role, 'assistant')))
      .returning({ id: messages.id });
    return updated.length > 0;
  },
};
