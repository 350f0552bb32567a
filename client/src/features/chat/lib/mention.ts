import type { KnowledgeOption, SearchScope } from '@contract/search';

/**
 * The "@name" being typed at the caret in the message box, which opens the file and folder
 * picker. An @ starts a mention only at the start of the text or after a space, so an e-mail
 * address ("ana@example.com") never opens it; the mention ends at the next space.
 */
export interface ActiveMention {
  /** Index of the @ in the text. */
  start: number;
  /** What follows the @ up to the caret: the name being searched for. */
  query: string;
}

export const MENTION_QUERY_MAX_CHARS = 60;

export function activeMention(text: string, caret: number): ActiveMention | null {
  const match = /(?:^|\s)@([^\s@]*)$/.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[1]!;
  if (query.length > MENTION_QUERY_MAX_CHARS) return null;
  return { start: caret - query.length - 1, query };
}

/** The text with the typed "@query" taken out (the chosen item shows as a chip instead), and where the caret goes. */
export function withoutMention(text: string, mention: ActiveMention): { text: string; caret: number } {
  const end = mention.start + 1 + mention.query.length;
  // One space is enough between the words either side.
  const before = text.slice(0, mention.start);
  const after = text.slice(end);
  const joined = before.endsWith(' ') && after.startsWith(' ') ? before + after.slice(1) : before + after;
  return { text: joined, caret: before.length };
}

/** A file or folder named with @: the answer is searched for in it only. */
export interface Mention {
  kind: 'file' | 'folder';
  id: string;
  name: string;
  /** The library it is in, shown on the chip ("Team"). */
  scope: 'private' | 'team';
  /** False for a file whose text could not be indexed (a scan, a photo): the picker says so. */
  searchable: boolean;
}

/** What "Search my files" asks for: the chosen scope, or only the files and folders named with @ (in either library). */
export function knowledgeOf(scope: SearchScope, mentions: readonly Mention[]): KnowledgeOption {
  if (mentions.length === 0) return { scope };
  const ids = (kind: Mention['kind']) => mentions.filter((m) => m.kind === kind).map((m) => m.id);
  const fileIds = ids('file');
  const folderIds = ids('folder');
  return { scope: 'all', ...(fileIds.length > 0 ? { fileIds } : {}), ...(folderIds.length > 0 ? { folderIds } : {}) };
}
