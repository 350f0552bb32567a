import type { ConversationRow, MessageRow } from '../../db/schema/chat';

/** A conversation as Markdown for people: who said what, when, and what was attached. */
export function conversationMarkdown(conversation: ConversationRow, rows: MessageRow[]): string {
  const lines = [
    `# ${conversation.title}`,
    '',
    `Persona: ${conversation.persona} · Mode: ${conversation.mode} · Started: ${conversation.createdAt.toISOString()}`,
    '',
  ];
  for (const message of rows) {
    const who = message.role === 'user' ? 'You' : conversation.persona;
    lines.push(`## ${who} · ${message.createdAt.toISOString()}`, '', message.content, '');
    for (const attachment of message.attachments ?? []) lines.push(`- Attachment: ${attachment.name} (${attachment.type}, ${attachment.size} bytes)`);
    if (message.image) lines.push(`- Image: ${message.image}`);
    if (message.feedback) lines.push(`- Your feedback: ${message.feedback}`);
    if ((message.attachments?.length ?? 0) > 0 || message.image || message.feedback) lines.push('');
  }
  return lines.join('\n');
}

/** The same conversation as JSON for programs. */
export function conversationJson(conversation: ConversationRow, rows: MessageRow[]) {
  return {
    id: conversation.id,
    title: conversation.title,
    persona: conversation.persona,
    mode: conversation.mode,
    createdAt: conversation.createdAt.toISOString(),
    updatedAt: conversation.updatedAt.toISOString(),
    messages: rows.map((m) => ({
      id: m.id,
      role: m.role,
      content: m.content,
      attachments: m.attachments ?? [],
      image: m.image,
      model: m.model,
      status: m.status,
      feedback: m.feedback,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}
