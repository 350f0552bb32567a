import {
  MESSAGE_STATUSES,
  type ChatMode,
  type ConversationDetail,
  type ConversationListResponse,
  type ConversationPatch,
  type ConversationSummary,
  type MessageStatus,
  type StoredMessage,
} from '@contract/chat';
import { personaOrDefault, type PersonaId } from '@contract/personas';
import type { Db } from '../../db/database';
import { invalidInput, notFound } from '../../lib/app-error';
import type { PendingWrites } from '../../lib/pending-writes';
import { conversationsRepository as repo, HIGHLIGHT_START, HIGHLIGHT_STOP, type ListKey, type MessageDetailRow, type SearchRow } from './conversations.repository';
import { branchTo, newestLeafUnder, variantsOf, type Variants } from './message-tree';

type SummaryRow = NonNullable<Awaited<ReturnType<typeof repo.findOwn>>>;

const toSummary = (row: SummaryRow): ConversationSummary => ({
  id: row.id,
  title: row.title,
  persona: row.persona as PersonaId,
  mode: row.mode as ChatMode,
  pinned: row.pinned,
  messageCount: Number(row.messageCount),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const fromSearch = (row: SearchRow): ConversationSummary => ({
  id: row.id,
  title: row.title,
  persona: personaOrDefault(row.persona).id,
  mode: row.mode as ChatMode,
  pinned: row.pinned,
  messageCount: Number(row.message_count),
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
  ...(row.snippet ? { snippet: snippetParts(row.snippet) } : {}),
});

/** ts_headline's marked text as parts: the client renders each as text, so no markup from a message ever runs. */
export function snippetParts(marked: string): { text: string; highlight: boolean }[] {
  const parts: { text: string; highlight: boolean }[] = [];
  let rest = marked.replace(/\s+/g, ' ');
  while (rest.length > 0) {
    const start = rest.indexOf(HIGHLIGHT_START);
    if (start === -1) {
      parts.push({ text: rest, highlight: false });
      break;
    }
    if (start > 0) parts.push({ text: rest.slice(0, start), highlight: false });
    const stop = rest.indexOf(HIGHLIGHT_STOP, start);
    const end = stop === -1 ? rest.length : stop;
    parts.push({ text: rest.slice(start + 1, end), highlight: true });
    rest = rest.slice(end + 1);
  }
  return parts.filter((p) => p.text !== '');
}

/** Rows from before the four statuses said `incomplete`: a stream cut before it finished. */
const statusOf = (stored: string): MessageStatus => ((MESSAGE_STATUSES as readonly string[]).includes(stored) ? (stored as MessageStatus) : 'stopped');

export const toStoredMessage = (row: MessageDetailRow, variants: Variants = { index: 1, count: 1, ids: [row.id] }): StoredMessage => ({
  id: row.id,
  role: row.role as StoredMessage['role'],
  content: row.content,
  timestamp: row.createdAt.toISOString(),
  ...(row.attachments ? { attachments: row.attachments } : {}),
  ...(row.image ? { image: row.image } : {}),
  ...(row.responseTimeMs !== null ? { responseTime: row.responseTimeMs } : {}),
  ...(row.feedback ? { feedback: row.feedback as 'positive' | 'negative' } : {}),
  ...(row.model ? { model: row.model } : {}),
  ...(row.citations && row.citations.length > 0 ? { citations: row.citations } : {}),
  status: statusOf(row.status),
  variants,
});

/** The cursor is the last row's (updatedAt, id, pinned), opaque to clients. */
const encodeCursor = (row: ListKey) => Buffer.from(`${row.updatedAt.toISOString()}|${row.id}|${row.pinned ? 1 : 0}`).toString('base64url');

function decodeCursor(cursor: string): ListKey {
  const [iso, id, pinned] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const updatedAt = new Date(iso ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(updatedAt.getTime()) || !['0', '1', undefined].includes(pinned)) {
    throw invalidInput('That page cursor is not valid; start again from the first page.', 'cursor');
  }
  // A cursor from before pinning (two parts) continues among the unpinned.
  return { updatedAt, id, pinned: pinned === '1' };
}

export function createConversationsService(deps: { db: Db; pendingWrites: PendingWrites }) {
  const { db, pendingWrites } = deps;

  /** A reply streamed a moment ago may still be being stored: read after it. */
  const afterPendingWrites = (userId: string) => pendingWrites.pendingFor(userId) ?? Promise.resolve();

  /**
   * The conversation's active branch. With `last`, only its newest `last` messages, and `earlier`
   * says how many come before them: a long conversation's screen paints from that page and reads
   * the rest behind it (issue 19, item 6). The branch and the variants are worked out from the
   * whole tree either way, so a page holds exactly what the same rows of the full answer hold.
   */
  async function detail(userId: string, id: string, last?: number): Promise<ConversationDetail> {
    await afterPendingWrites(userId);
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
      await afterPendingWrites(userId);
      if (search) return { conversations: (await repo.search(db, userId, search, limit)).map(fromSearch), nextCursor: null };
      const rows = await repo.listPage(db, userId, limit, cursor ? decodeCursor(cursor) : null);
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return { conversations: page.map(toSummary), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
    },

    detail,

    async patch(userId: string, id: string, patch: ConversationPatch): Promise<ConversationSummary> {
      await afterPendingWrites(userId);
      if (!(await repo.patchOwn(db, userId, id, patch))) throw notFound('That conversation');
      const row = await repo.findOwn(db, userId, id);
      if (!row) throw notFound('That conversation');
      return toSummary(row);
    },

    /** A variant flip: the branch through `messageId`, read on to its newest message. */
    async showBranch(userId: string, id: string, messageId: string): Promise<ConversationDetail> {
      await afterPendingWrites(userId);
      if (!(await repo.findOwn(db, userId, id))) throw notFound('That conversation');
      const leaf = newestLeafUnder(await repo.messagesOf(db, id), messageId);
      if (!leaf) throw notFound('That message');
      await repo.setActiveLeaf(db, userId, id, leaf);
      return detail(userId, id);
    },

    async remove(userId: string, id: string): Promise<void> {
      await afterPendingWrites(userId);
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

export function toMarkdown({ conversation, messages }: ConversationDetail): string {
  const persona = personaOrDefault(conversation.persona);
  const lines = [
    `# ${conversation.title}`,
    '',
    `_${persona.emoji} ${persona.name} · ${conversation.mode} mode · started ${conversation.createdAt}_`,
  ];
  for (const m of messages) {
    const who = m.role === 'user' ? 'You' : persona.name;
    const extras = [m.timestamp, m.responseTime !== undefined ? `${m.responseTime} ms` : null, m.status !== 'complete' ? m.status.replace('_', ' ') : null]
      .filter(Boolean)
      .join(' · ');
    lines.push('', '---', '', `**${who}** (${extras})`, '', m.content);
    for (const a of m.attachments ?? []) lines.push(`- Attachment: [${a.name}](${a.url}) (${a.type}, ${a.size} bytes)`);
    if (m.image) lines.push(`![Generated image](${m.image})`);
  }
  return `${lines.join('\n')}\n`;
}
