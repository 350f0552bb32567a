import {
  CONVERSATION_TITLE_MAX_CHARS,
  type ConversationDetail,
  type ConversationListResponse,
  type ConversationPatch,
  type ConversationSummary,
  type SharedConversation,
} from '@contract/conversations';
import { randomUUID } from 'node:crypto';
import type { ProjectConversations } from '@contract/projects';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/app-error';
import { recordTeamEvent } from '../admin/audit-log';
import { conversationsRepository as repo } from './conversations.repository';
import { decodeCursor, encodeCursor, fromSearch, toMarkdown, toStoredMessage, toSummary } from './conversation-views';
import { branchTo, newestLeafUnder, variantsOf } from './message-tree';

/** A branch's title says where it came from, within the title's length limit. */
export function forkTitle(title: string): string {
  const suffix = ' (branch)';
  const room = CONVERSATION_TITLE_MAX_CHARS - suffix.length;
  return `${title.length > room ? `${title.slice(0, room - 1).trimEnd()}…` : title}${suffix}`;
}


/** What the conversations module asks of projects (issue 42): whether the caller can see one. */
export interface ProjectsForConversations {
  canSee(userId: string, projectId: string): Promise<boolean>;
}

export function createConversationsService(deps: { db: Db; clock: Clock; projects: ProjectsForConversations }) {
  const { db, clock, projects } = deps;

  /** A project the caller may put a conversation in, or 404. */
  async function checkProject(userId: string, projectId: string | null | undefined) {
    if (projectId && !(await projects.canSee(userId, projectId))) throw notFound('That project');
  }

  /**
   * The conversation's active branch. With `last`, only its newest `last` messages, and `earlier`
   * says how many come before them: a long conversation's screen paints from that page and reads
   * the rest behind it (issue 19, item 6). The branch and the variants are worked out from the
   * whole tree either way, so a page holds exactly what the same rows of the full answer hold.
   */
  async function detail(userId: string, id: string, last?: number): Promise<ConversationDetail> {
    const row = await repo.findOwn(db, userId, id);
    if (!row) throw notFound('That conversation');
    if (last === undefined) {
      const rows = await repo.messagesOf(db, id);
      const variants = variantsOf(rows);
      const branch = branchTo(rows, row.activeLeafId);
      return { conversation: toSummary(row), messages: branch.map((m) => toStoredMessage(m, variants.get(m.id))) };
    }
    const { tree, newest } = await repo.treeAndNewestOf(db, id, last);
    const variants = variantsOf(tree);
    const branch = branchTo(tree, row.activeLeafId);
    const page = branch.slice(-last);
    const byId = new Map(newest.map((m) => [m.id, m]));
    const missing = page.filter((m) => !byId.has(m.id)).map((m) => m.id);
    for (const m of await repo.messagesByIds(db, id, missing)) byId.set(m.id, m);
    const messages = page.flatMap((m) => {
      const full = byId.get(m.id);
      // Deleted between the two reads (the conversation went with it): the page ends before it.
      return full ? [toStoredMessage(full, variants.get(m.id))] : [];
    });
    return { conversation: toSummary(row), messages, earlier: branch.length - page.length };
  }

  return {
    async list(userId: string, limit: number, cursor?: string, search?: string): Promise<ConversationListResponse> {
      if (search) return { conversations: (await repo.search(db, userId, search, limit)).map(fromSearch), nextCursor: null };
      const rows = await repo.listPage(db, userId, limit, cursor ? decodeCursor(cursor) : null);
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return { conversations: page.map(toSummary), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
    },

    detail,

    async patch(userId: string, id: string, patch: ConversationPatch): Promise<ConversationSummary> {
      await checkProject(userId, patch.projectId);
      if (!(await repo.patchOwn(db, userId, id, patch))) throw notFound('That conversation');
      const row = await repo.findOwn(db, userId, id);
      if (!row) throw notFound('That conversation');
      return toSummary(row);
    },

    /** A variant flip: the branch through `messageId`, read on to its newest message. */
    async showBranch(userId: string, id: string, messageId: string): Promise<ConversationDetail> {
      if (!(await repo.findOwn(db, userId, id))) throw notFound('That conversation');
      const leaf = newestLeafUnder(await repo.messagesOf(db, id), messageId);
      if (!leaf) throw notFound('That message');
      await repo.setActiveLeaf(db, userId, id, leaf);
      return detail(userId, id);
    },

    /**
     * "Branch into a new chat" (issue 42): the branch from the first message down to `messageId`,
     * copied with new ids (attachments and citations kept) into a new conversation of the caller's,
     * in the same project when they can still see it. Copies are marked copied, so today's
     * questions are not counted twice toward the allowance.
     */
    async fork(userId: string, id: string, messageId: string): Promise<ConversationSummary> {
      const row = await repo.findOwn(db, userId, id);
      if (!row) throw notFound('That conversation');
      const rows = await repo.messagesOf(db, id);
      if (!rows.some((m) => m.id === messageId)) throw notFound('That message');
      const branch = branchTo(rows, messageId);
      const forkId = randomUUID();
      const projectId = row.projectId && (await projects.canSee(userId, row.projectId)) ? row.projectId : null;
      await repo.insertCopy(
        db,
        { id: forkId, userId, title: forkTitle(row.title), persona: row.persona, mode: row.mode, projectId, now: clock.now() },
        branch.map((m) => ({ ...m, id: randomUUID() })),
      );
      const fork = await repo.findOwn(db, userId, forkId);
      if (!fork) throw notFound('That conversation');
      return toSummary(fork);
    },

    /** Shares it read-only with the caller's team, or stops sharing it (issue 42). */
    async share(userId: string, id: string, shared: boolean): Promise<ConversationSummary> {
      const before = await repo.findOwn(db, userId, id);
      if (!before || !(await repo.setShared(db, userId, id, shared ? clock.now() : null))) throw notFound('That conversation');
      const row = await repo.findOwn(db, userId, id);
      if (!row) throw notFound('That conversation');
      if (Boolean(before.sharedAt) !== shared) {
        const action = shared ? 'shared_with_team' : 'unshared_from_team';
        await recordTeamEvent(db, { action, actorUserId: userId, details: { what: 'conversation', id, name: row.title }, at: clock.now() });
      }
      return toSummary(row);
    },

    /** A conversation a teammate shared, read-only: its active branch. Anyone else's id is 404. */
    async sharedDetail(viewerId: string, id: string): Promise<SharedConversation> {
      const row = await repo.findShared(db, viewerId, id);
      if (!row) throw notFound('That conversation');
      // The reader sees the branch on its owner's screen, without the other variants.
      const branch = branchTo(await repo.messagesOf(db, id), row.activeLeafId);
      return {
        conversation: toSummary(row),
        owner: row.ownerName,
        messages: branch.map((m) => toStoredMessage(m)),
      };
    },

    /**
     * "Continue in my chats": a copy of a shared conversation's branch as a new conversation of the
     * caller's, kept in its project when the caller can see that project.
     */
    async copyShared(viewerId: string, id: string): Promise<ConversationSummary> {
      const row = await repo.findShared(db, viewerId, id);
      if (!row) throw notFound('That conversation');
      const branch = branchTo(await repo.messagesOf(db, id), row.activeLeafId);
      const copyId = randomUUID();
      const projectId = row.projectId && (await projects.canSee(viewerId, row.projectId)) ? row.projectId : null;
      await repo.insertCopy(
        db,
        { id: copyId, userId: viewerId, title: row.title, persona: row.persona, mode: row.mode, projectId, now: clock.now() },
        branch.map((m) => ({ ...m, id: randomUUID() })),
      );
      const copy = await repo.findOwn(db, viewerId, copyId);
      if (!copy) throw notFound('That conversation');
      return toSummary(copy);
    },

    /** GET /api/projects/:id/conversations: the caller's own in it and those teammates shared. */
    async inProject(viewerId: string, projectId: string): Promise<ProjectConversations> {
      if (!(await projects.canSee(viewerId, projectId))) throw notFound('That project');
      const rows = await repo.inProject(db, viewerId, projectId);
      return { conversations: rows.map((r) => ({ ...toSummary(r), mine: r.userId === viewerId, owner: r.ownerName })) };
    },

    /** The project a conversation of the caller's is in (the chat reads its instructions); undefined when not theirs. */
    projectIdOf: (userId: string, id: string) => repo.projectIdOf(db, userId, id),

    /** Puts a conversation the chat has just created into its project. */
    async place(userId: string, id: string, projectId: string): Promise<void> {
      await repo.patchOwn(db, userId, id, { projectId });
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.deleteOwn(db, userId, id))) throw notFound('That conversation');
    },

    async exportAs(userId: string, id: string, format: 'md' | 'json'): Promise<{ filename: string; contentType: string; body: string }> {
      const data = await detail(userId, id);
      const base = `genie-conversation-${id.slice(0, 8)}`;
      if (format === 'json') {
        return { filename: `${base}.json`, contentType: 'application/json; charset=utf-8', body: JSON.stringify(data, null, 2) };
      }
      return { filename: `${base}.md`, contentType: 'text/markdown; charset=utf-8', body: toMarkdown(data) };
    },
  };
}

export type ConversationsService = ReturnType<typeof createConversationsService>;
