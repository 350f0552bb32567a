import { chunkPassages } from '../../adapters/extraction/chunk-passages';
import { estimateTokens, replyReserve, turnTokens } from '../../adapters/llm/context-budget';
import type { StreamEnd, StreamUsage } from '../../adapters/llm/model-call';
import type { ResolvedAttachment } from './chat-attachments';

/**
 * A document-wide task ("summarise this", "list every date") on an attachment larger than the
 * model's window (issue 39): the best passages would answer a question, but not a task over the
 * whole text. So it runs as map and reduce: the text is cut into parts that fit the window (the
 * indexer's chunking, grouped in order), each part is read by one model call that does the task
 * for that part, and one last call, streamed to the user, joins the parts' notes. The number of
 * calls is bounded (MAX_PARTS + 1), each part's progress is reported, and the caller's signal
 * stops it between and during calls.
 */

/** Model calls for the parts, at most; a longer text is read up to this many parts and the rest named. */
export const MAX_PARTS = 12;
/** The longest note asked of one part, in tokens (it is also cut to its share of the last call). */
const NOTE_TOKENS = 400;

const DOCUMENT_WIDE =
  /\b(summari[sz]e|summary|sum up|overview|outline|tl;?dr|list (all|every|each)|every (date|name|amount|deadline|figure|party)|all (of )?(the )?(dates|names|amounts|deadlines|figures|parties)|whole (document|file|text)|entire (document|file|text))\b/i;

/** Whether the question asks for something over the whole document rather than one fact in it. */
export const isDocumentWideTask = (question: string) => DOCUMENT_WIDE.test(question);

/** The attachment a document-wide task runs over, with its passages in page order (gathered by chat-knowledge.ts), or null. */
export function documentForTask(
  question: string,
  attachments: ResolvedAttachment[],
  documents: (PassageText[] | null)[] | undefined,
): { attachment: ResolvedAttachment; passages: PassageText[] } | null {
  if (!documents || !isDocumentWideTask(question)) return null;
  const index = documents.findIndex((d) => d !== null && d.length > 1);
  return index < 0 ? null : { attachment: attachments[index]!, passages: documents[index]! };
}

/** What a part is made of: passages' text and page. */
export interface PassageText {
  body: string;
  page: number | null;
}

export interface DocumentPart {
  text: string;
  /** The first and last page it holds, when the document has pages. */
  pages: [number, number] | null;
}

/** The passages grouped in order into parts of at most `partTokens`; `total` counts them all. */
export function partsOf(passages: PassageText[], partTokens: number, maxParts = MAX_PARTS): { parts: DocumentPart[]; total: number } {
  const parts: DocumentPart[] = [];
  let current: DocumentPart | null = null;
  for (const { body, page } of passages) {
    // A passage alone larger than a part (a tiny window) is cut by characters.
    const pieces = estimateTokens(body) > partTokens ? cutByBytes(body, partTokens * 3) : [body];
    for (const piece of pieces) {
      if (current && estimateTokens(`${current.text}\n\n${piece}`) > partTokens) {
        parts.push(current);
        current = null;
      }
      current = extendPart(current, piece, page);
    }
  }
  if (current) parts.push(current);
  return { parts: parts.slice(0, maxParts), total: parts.length };
}

/** The part with one more piece, its pages running to the piece's page. */
function extendPart(part: DocumentPart | null, piece: string, page: number | null): DocumentPart {
  if (!part) return { text: piece, pages: page === null ? null : [page, page] };
  return { text: `${part.text}\n\n${piece}`, pages: page === null ? part.pages : [part.pages?.[0] ?? page, page] };
}

/** The text of a document with no pages, cut as the indexer cuts it (for tests and callers holding only text). */
export const passagesOfPlainText = (text: string): PassageText[] => chunkPassages([{ page: null, heading: null, text }]).map((d) => ({ body: d.body, page: d.page }));

function cutByBytes(text: string, maxBytes: number): string[] {
  const out: string[] = [];
  // Characters approximate bytes here; estimateTokens re-checks the joined part.
  const size = Math.max(1, Math.floor(maxBytes / 2));
  for (let at = 0; at < text.length; at += size) out.push(text.slice(at, at + size));
  return out;
}

/** One model call: system, user text, its max_tokens; yields text and returns its end. */
export type ModelCall = (call: { system: string; user: string; maxOutputTokens: number }) => AsyncGenerator<string, StreamEnd>;

export interface DocumentTaskRequest {
  contextTokens: number;
  /** The persona's system prompt (the last call's). */
  system: string;
  question: string;
  document: ResolvedAttachment;
  /** Its passages in order (documentForTask). */
  passages: PassageText[];
  signal: AbortSignal;
  call: ModelCall;
  /** Said as each part is read: "Reading part 2 of 7 of "report.pdf"…". */
  progress: (text: string) => void;
  /** The last call's text, as it comes. */
  emit: (text: string) => void;
}

const PART_SYSTEM =
  'You read one part of a longer document for a task the user gave about the whole document. Do the task for this part only, in short notes. ' +
  'Keep names, dates, amounts and page numbers exactly as written. If this part holds nothing for the task, answer "Nothing for this task."';

const stopped = (signal: AbortSignal) => {
  if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new DOMException('The task was stopped.', 'AbortError');
};

/** Runs the task over the document's parts, then streams the joined answer; answers the usage of every call and a note for the reply. */
export async function runDocumentTask(request: DocumentTaskRequest): Promise<{ usage: StreamUsage; cutOff: boolean; note: string; calls: number }> {
  const { contextTokens, question, document, signal, call } = request;
  const name = document.stored.name;
  const usage: StreamUsage = { tokensIn: 0, tokensOut: 0 };
  const noteTokens = Math.min(NOTE_TOKENS, replyReserve(contextTokens));
  const head = (i: number, n: number, pages: [number, number] | null) =>
    `Task: ${question}\n\nPart ${i} of ${n} of "${name}"${pages ? ` (${pages[0] === pages[1] ? `page ${pages[0]}` : `pages ${pages[0]}–${pages[1]}`})` : ''}:\n<<<\n`;
  const partTokens = contextTokens - noteTokens - turnTokens(PART_SYSTEM) - turnTokens(head(MAX_PARTS, MAX_PARTS, [99_999, 99_999])) - 16;
  const { parts, total } = partsOf(request.passages, Math.max(100, partTokens));

  const notes: string[] = [];
  for (const [index, part] of parts.entries()) {
    stopped(signal);
    request.progress(`Reading part ${index + 1} of ${parts.length} of "${name}"…`);
    let note = '';
    const stream = call({ system: PART_SYSTEM, user: `${head(index + 1, parts.length, part.pages)}${part.text}\n>>>`, maxOutputTokens: noteTokens });
    for (let next = await stream.next(); ; next = await stream.next()) {
      if (next.done) {
        usage.tokensIn += next.value.tokensIn;
        usage.tokensOut += next.value.tokensOut;
        break;
      }
      note += next.value;
    }
    notes.push(note.trim());
  }

  stopped(signal);
  request.progress(`Joining the notes of ${parts.length} parts…`);
  const intro = `${question}\n\nThe document "${name}" was too long to read at once, so each of its ${parts.length} parts was read in turn for this task. Their notes, in order:\n\n`;
  const outro = '\n\nAnswer the task for the whole document from these notes.';
  const room = contextTokens - replyReserve(contextTokens) - turnTokens(request.system) - estimateTokens(intro + outro) - 8;
  // Each part's note gets an equal share of the last call's room; a longer one is cut.
  const share = Math.max(20, Math.floor(room / Math.max(1, notes.length)) - 8);
  const joined = notes.map((note, i) => `[Part ${i + 1}${pagesLabel(parts[i]!.pages)}]\n${fitTokens(note, share)}`).join('\n\n');
  let cutOff = false;
  const stream = call({ system: request.system, user: `${intro}${joined}${outro}`, maxOutputTokens: replyReserve(contextTokens) });
  for (let next = await stream.next(); ; next = await stream.next()) {
    if (next.done) {
      usage.tokensIn += next.value.tokensIn;
      usage.tokensOut += next.value.tokensOut;
      cutOff = next.value.cutOff;
      break;
    }
    request.emit(next.value);
  }
  const unread = total - parts.length;
  const note =
    unread > 0
      ? `Read "${name}" in ${parts.length} parts, one model call each: the first ${parts.length} of its ${total} parts; the rest was not read (at most ${MAX_PARTS} parts a task).`
      : `Read "${name}" in ${parts.length} parts, one model call each: the whole file does not fit the model's window.`;
  return { usage, cutOff, note, calls: parts.length + 1 };
}

const pagesLabel = (pages: [number, number] | null) => (pages ? `, ${pages[0] === pages[1] ? `p. ${pages[0]}` : `pp. ${pages[0]}–${pages[1]}`}` : '');

/** The text cut at a sentence end, or a word, to at most `tokens` (estimated). */
function fitTokens(text: string, tokens: number): string {
  if (estimateTokens(text) <= tokens) return text;
  let cut = text.slice(0, tokens * 3);
  while (estimateTokens(cut) > tokens) cut = cut.slice(0, Math.floor(cut.length * 0.9));
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('\n'));
  return `${(end > cut.length / 2 ? cut.slice(0, end + 1) : cut.replace(/\s+\S*$/, '')).trimEnd()} …`;
}
