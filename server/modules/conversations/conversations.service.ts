import type { ChatMode, ConversationDetail, ConversationListResponse, ConversationSummary, StoredMessage } from '@contract/chat';
import { personaOrDefault, type PersonaId } from '@contract/personas';
import type { Db } from '../../db/database';
import type { MessageRow } from '../../db/schema/chat';
import { invalidInput, notFound } from '../../lib/app-error';
import type { PendingWrites } from '../../lib/pending-writes';
import { conversationsRepository as repo } from './conversations.repository';

type SummaryRow = NonNullable<Awaited<ReturnType<typeof repo.findOwn>>>;

const toSummary = (row: SummaryRow): ConversationSummary => ({
  id: row.id,
  title: row.title,
  persona: row.persona as PersonaId,
  mode: row.mode as ChatMode,
  messageCount: Number(row.messageCount),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toStoredMessage = (row: MessageRow): StoredMessage => ({
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
  // Stored: complete, stopped, cut_off or failed (incomplete in older rows); any but complete reads as incomplete here.
  status: row.status === 'complete' ? 'complete' : 'incomplete',
});

/** The cursor is the last row's (updatedAt, id), opaque to clients. */
const encodeCursor = (row: { updatedAt: Date; id: string }) =>
  Buffer.from(`${row.updatedAt.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { updatedAt: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const updatedAt = new Date(iso ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(updatedAt.getTime())) {
    throw invalidInput('That page cursor is not valid; start again from the first page.', 'cursor');
  }
  return { updatedAt, id };
}

export function createConversationsService(deps: { db: Db; pendingWrites: PendingWrites }) {
  const { db, pendingWrites } = deps;

  /** A reply streamed a moment ago may still be being stored: read after it. */
  const afterPendingWrites = (userId: string) => pendingWrites.pendingFor(userId) ?? Promise.resolve();

  async function detail(userId: string, id: string): Promise<ConversationDetail> {
    await afterPendingWrites(userId);
    const row = await repo.findOwn(db, userId, id);
    if (!row) throw notFound('That conversation');
    const messages = await repo.messagesOf(db, id);
    return { conversation: toSummary(row), messages: messages.map(toStoredMessage) };
  }

  return {
    async list(userId: string, limit: number, cursor?: string): Promise<ConversationListResponse> {
      await afterPendingWrites(userId);
      const rows = await repo.listPage(db, userId, limit, cursor ? decodeCursor(cursor) : null);
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return { conversations: page.map(toSummary), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
    },

    detail,

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
    const extras = [m.timestamp, m.responseTime !== undefined ? `${m.responseTime} ms` : null, m.status === 'incomplete' ? 'incomplete' : null]
      .filter(Boolean)
      .join(' · ');
    lines.push('', '---', '', `**${who}** (${extras})`, '', m.content);
    for (const a of m.attachments ?? []) lines.push(`- Attachment: [${a.name}](${a.url}) (${a.type}, ${a.size} bytes)`);
    if (m.image) lines.push(`![Generated image](${m.image})`);
  }
  return `${lines.join('\n')}\n`;
}
