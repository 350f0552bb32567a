import type { ParsedChatRequest } from '@contract/chat';
import type { Citation, KnowledgeOption } from '@contract/search';
import type { KnowledgePassage } from '../search/search.service';
import { estimateTokens } from '../../adapters/llm/context-budget';
import type { ResolvedAttachment } from './chat-attachments';
import { isDocumentWideTask } from './document-task';
import { leadSentence } from './lead-sentence';

/** Passages of one long attachment found, at most, in place of its whole text. */
export const PASSAGES_PER_LONG_ATTACHMENT = 6;

/** Reads the passages of an attachment that bear most on the question, from the file itself (attachment-passages.ts). */
export type AttachmentPassageReader = (attachment: ResolvedAttachment, question: string, limit: number) => Promise<KnowledgePassage[]>;

/**
 * "Search my files" in chat (issue 16): the passages a reply is given, how a model is told to use
 * them, and the offline engine's cited answer when there is no model.
 */

/** Where passages come from: the search service's retrieve (only the user's readable files). */
export interface KnowledgeSource {
  retrieve(userId: string, question: string, knowledge: KnowledgeOption, limit?: number): Promise<KnowledgePassage[]>;
}

/**
 * What a message may draw on, best first in each list: "Search my files" passages (null when it is
 * off), and per attachment (in the attachments' order) the passages of one that may be too long to
 * send whole (null for the others). The window decides how much of it a model is sent (chat-window.ts).
 */
export interface GatheredKnowledge {
  library: KnowledgePassage[] | null;
  attachments: (KnowledgePassage[] | null)[];
  /**
   * For a document-wide task ("summarise this", document-task.ts): per attachment, every passage
   * of a long one in page order, read in parts by map and reduce; absent otherwise.
   */
  documents?: (KnowledgePassage[] | null)[];
}

/** Passages of a whole document read for a document-wide task, at most (about 600,000 characters). */
export const DOCUMENT_TASK_MAX_PASSAGES = 300;

export interface GatherDeps {
  source?: KnowledgeSource;
  /** Reads a long attachment's passages when the index has none of them yet. */
  passagesOf?: AttachmentPassageReader;
}

/**
 * The passages for this message: from the files in scope when "Search my files" is on, and from
 * each attachment too long to include whole (`roomTokens`: what the model's window leaves for
 * attachments at most; Infinity without a model, when only a cut-off attachment is long). Null
 * when neither applies.
 */
export async function gatherKnowledge(
  deps: GatherDeps,
  userId: string,
  body: ParsedChatRequest,
  question: string,
  attachments: ResolvedAttachment[],
  roomTokens: number,
): Promise<GatheredKnowledge | null> {
  const { source } = deps;
  const library = body.knowledge && source ? await source.retrieve(userId, question, body.knowledge) : null;
  const perAttachment: (KnowledgePassage[] | null)[] = [];
  const documents: (KnowledgePassage[] | null)[] = [];
  const wholeTask = deps.passagesOf !== undefined && isDocumentWideTask(question);
  for (const a of attachments) {
    const long = a.extracted.text !== '' && (a.extracted.truncated || estimateTokens(a.extracted.text) > roomTokens);
    // A task over the whole of a long document reads all of it, in page order (a stable sort keeps the rest).
    const whole = long && wholeTask ? await deps.passagesOf!(a, question, DOCUMENT_TASK_MAX_PASSAGES) : [];
    documents.push(whole.length > 1 ? [...whole].sort((x, y) => (x.page ?? 0) - (y.page ?? 0)) : null);
    if (!long) {
      perAttachment.push(null);
      continue;
    }
    let passages = source ? await source.retrieve(userId, question, { scope: 'all', fileIds: [a.file.id] }, PASSAGES_PER_LONG_ATTACHMENT) : [];
    // Not in the index yet (or nothing of it matched): its own text, cut as the indexer cuts it.
    if (passages.length === 0 && deps.passagesOf) passages = await deps.passagesOf(a, question, PASSAGES_PER_LONG_ATTACHMENT);
    perAttachment.push(passages.length > 0 ? passages : null);
  }
  if (library === null && perAttachment.every((p) => p === null)) return null;
  return { library, attachments: perAttachment, ...(documents.some((d) => d !== null) ? { documents } : {}) };
}

/** Every passage found, numbered [1]…[n]: library first, then each attachment's (what the offline engine quotes). */
export function allPassages(knowledge: GatheredKnowledge | null | undefined): KnowledgePassage[] | null {
  if (!knowledge) return null;
  const found: KnowledgePassage[] = [...(knowledge.library ?? [])];
  for (const passages of knowledge.attachments) {
    for (const p of passages ?? []) if (!found.some((f) => f.fileId === p.fileId && f.body === p.body)) found.push(p);
  }
  return found.map((p, i) => ({ ...p, n: i + 1 }));
}

export const citationsOf = (passages: KnowledgePassage[] | null): Citation[] | undefined =>
  passages ? passages.map((p) => ({ n: p.n, fileId: p.fileId, fileName: p.fileName, page: p.page, snippet: p.snippet })) : undefined;

/** How a citation names its source: "acme-msa.pdf, p. 9". */
export const sourceLabel = (p: { fileName: string; page: number | null }) => (p.page ? `${p.fileName}, p. ${p.page}` : p.fileName);

/** Added to the system prompt when the message carries passages. */
export const KNOWLEDGE_RULES =
  'The user message ends with numbered passages from the user\'s own files, each between <<< and >>>. ' +
  'Answer from those passages: quote or paraphrase them and cite each one you use as [n], right after the sentence it supports. ' +
  'Do not cite a passage for something it does not say. If the passages do not contain the answer, say so plainly, and only then add what you know yourself, marked as not from their files.';

export { leadSentence };

/** One passage as the model reads it: its number, where it is from, and its text between <<< and >>>. */
export const passageBlock = (p: KnowledgePassage) => `[${p.n}] ${sourceLabel(p)}${p.heading ? ` (${p.heading})` : ''}\n<<<\n${p.body}\n>>>`;

const quote = (text: string) => text.split('\n').map((line) => `> ${line}`).join('\n');

/**
 * The offline engine's answer from the user's files: one extractive lead sentence, then the 3–5
 * best passages quoted and cited, and a plain statement that no model wrote it.
 */
export function offlineKnowledgeAnswer(question: string, passages: KnowledgePassage[]): string {
  if (passages.length === 0) {
    return (
      'I searched your files and found no passage that matches this question. Try other words, or widen the scope of "Search my files".\n\n' +
      '_Answered offline, without a language model._'
    );
  }
  const best = passages.slice(0, 5);
  const lead = leadSentence(question, best);
  const lines: string[] = [];
  lines.push(lead ? `From your files: "${lead.sentence}" [${lead.n}]` : 'From your files, the passages that match best:');
  for (const p of best) lines.push('', `**[${p.n}] ${sourceLabel(p)}**`, quote(p.snippet || p.body.slice(0, 400)));
  lines.push(
    '',
    '_No language model wrote this: it is Genie\'s offline engine, quoting the passages of your files that match your question word for word. Connect a model for a written answer._',
  );
  return lines.join('\n');
}
