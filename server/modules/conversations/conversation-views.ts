import { MESSAGE_STATUSES, type ChatMode, type MessageStatus } from '@contract/chat';
import type { ConversationDetail, ConversationSummary, StoredMessage } from '@contract/conversations';
import { PERSONA_IDS, personaOrDefault, type PersonaId } from '@contract/personas';
import { invalidInput } from '../../lib/app-error';
import { plainText } from '../../lib/plain-text';
import { conversationsRepository as repo, HIGHLIGHT_START, HIGHLIGHT_STOP, type ListKey, type MessageDetailRow, type SearchRow } from './conversations.repository';
import type { Variants } from './message-tree';

/**
 * Conversations as the API shows them: rows made into the contract's summaries, search hits with
 * their snippets and stored messages; the list's page cursor; the Markdown export.
 */

type SummaryRow = NonNullable<Awaited<ReturnType<typeof repo.findOwn>>>;

export const toSummary = (row: SummaryRow): ConversationSummary => ({
  id: row.id,
  title: row.title,
  persona: row.persona as PersonaId,
  mode: row.mode as ChatMode,
  pinned: row.pinned,
  messageCount: Number(row.messageCount),
  projectId: row.projectId,
  shared: row.sharedAt ? { at: row.sharedAt.toISOString(), by: row.ownerName } : null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const fromSearch = (row: SearchRow): ConversationSummary => ({
  id: row.id,
  title: row.title,
  persona: personaOrDefault(row.persona).id,
  mode: row.mode as ChatMode,
  pinned: row.pinned,
  messageCount: Number(row.message_count),
  projectId: row.project_id,
  shared: row.shared_at ? { at: new Date(row.shared_at).toISOString(), by: row.owner_name } : null,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
  ...(row.snippet ? { snippet: snippetParts(row.snippet) } : {}),
});

/**
 * ts_headline's marked text as parts: the client renders each as text, so no markup from a message
 * ever runs, and Markdown's marks are taken off first ("**[3] tar.pdf, p. 13**" reads as its words).
 */
export function snippetParts(marked: string): { text: string; highlight: boolean }[] {
  const parts: { text: string; highlight: boolean }[] = [];
  let rest = plainText(marked.replace(/\s+/g, ' '));
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
  ...(row.toolCalls && row.toolCalls.length > 0 ? { toolCalls: row.toolCalls } : {}),
  ...(row.persona && (PERSONA_IDS as readonly string[]).includes(row.persona) ? { persona: row.persona as PersonaId } : {}),
  status: statusOf(row.status),
  variants,
});

/** The cursor is the last row's (updatedAt, id, pinned), opaque to clients. */
export const encodeCursor = (row: ListKey) => Buffer.from(`${row.updatedAt.toISOString()}|${row.id}|${row.pinned ? 1 : 0}`).toString('base64url');

export function decodeCursor(cursor: string): ListKey {
  const [iso, id, pinned] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const updatedAt = new Date(iso ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(updatedAt.getTime()) || !['0', '1', undefined].includes(pinned)) {
    throw invalidInput('That page cursor is not valid; start again from the first page.', 'cursor');
  }
  // A cursor from before pinning (two parts) continues among the unpinned.
  return { updatedAt, id, pinned: pinned === '1' };
}

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
