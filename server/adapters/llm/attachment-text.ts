import type { Readable } from 'node:stream';
import { ATTACHMENT_TEXT_BUDGET_CHARS } from '@contract/chat';
import { documentKind, readableKind, type DocumentKind } from '../extraction/kind';
import type { ExtractionFailure } from '../extraction/limits';
import type { ExtractionPool } from '../extraction/pool';

/**
 * Attached files turned into text a model (or the offline engine) can read. Images go to vision
 * models as images; for the others a picture of a page is read by OCR (when it is on), and any
 * other picture is named. The reading itself happens
 * in the extraction pool's worker processes, never in the server's thread.
 */

export type AttachmentKind = DocumentKind;

export interface ExtractedAttachment {
  name: string;
  mimeType: string;
  size: number;
  kind: AttachmentKind;
  /** The text, cut to the budget; empty for images and unsupported types. */
  text: string;
  /** True when the text was longer than the budget and was cut. */
  truncated: boolean;
  /** True when the whole file was read: wordCount then counts all of it (reading stops at the budget where the format allows). */
  readWhole: boolean;
  /** Words in the whole text when readWhole; otherwise words in the text kept. */
  wordCount: number;
  pages?: number;
  /** Why there is no text, when there is none. */
  note?: string;
}

export const attachmentKind = documentKind;

/** What reads attachments: the extraction pool (its `extract` and its limits). */
export type AttachmentReader = Pick<ExtractionPool, 'extract' | 'limits'> & Partial<Pick<ExtractionPool, 'readsPictures'>>;

/**
 * An attachment's text, read by the pool from `open()` (called only when a worker takes the job).
 * Unsupported types and files over the pool's byte limit are never opened, nor images unless
 * `readPictures` (the model cannot see them) and the pool does OCR. Rejects only when the bytes
 * cannot be opened or read.
 */
export async function extractAttachment(
  reader: AttachmentReader,
  meta: { name: string; mimeType: string; size: number },
  open: () => Promise<Readable>,
  budget = ATTACHMENT_TEXT_BUDGET_CHARS,
  readPictures = false,
): Promise<ExtractedAttachment> {
  const kind = attachmentKind(meta.mimeType, meta.name);
  const base = { ...meta, kind, text: '', truncated: false, readWhole: false, wordCount: 0 };
  const readable = readableKind(meta.mimeType, meta.name, readPictures && (reader.readsPictures ?? false));
  if (kind === 'image' && !readable) return { ...base, note: 'an image' };
  if (!readable) return { ...base, note: `a ${meta.mimeType || 'binary'} file whose text cannot be read` };
  if (meta.size > reader.limits.maxInputBytes) return { ...base, note: 'a file too large to read in a chat message' };
  const result = await reader.extract({ kind: readable, maxChars: budget, open });
  if (!result.ok) return { ...base, kind: 'unsupported', note: unreadableNote(kind, result) };
  const { ok: _ok, ...extracted } = result;
  // A picture with no words in it is still named as a picture.
  if (kind === 'image' && extracted.text.trim() === '') return { ...base, note: 'an image with no text OCR could read' };
  return { ...base, ...extracted };
}

const KIND_LABEL: Record<DocumentKind, string> = { text: 'text', pdf: 'PDF', docx: 'DOCX', xlsx: 'XLSX', pptx: 'PPTX', html: 'HTML', image: 'image', unsupported: 'binary' };
const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Why a file has no text, as the model (and the person, in the offline engine) reads it. */
export function unreadableNote(kind: DocumentKind, failure: ExtractionFailure): string {
  const file = kind === 'image' ? 'an image' : `a ${KIND_LABEL[kind]} file`;
  switch (failure.reason) {
    case 'damaged':
      return `${file} that could not be read (it may be damaged)`;
    case 'too_large':
      return 'a file too large to read in a chat message';
    case 'unpacks_too_large':
      return `${file} that could not be read (it unpacks to more than ${mb(failure.limit)})`;
    case 'too_many_pages':
      return `${file} that could not be read (it has more than ${failure.limit} pages)`;
    case 'too_many_pixels':
      return `${file} that could not be read (it is ${failure.width} × ${failure.height} pixels, more than the ${Math.round(failure.limit / 1_000_000)} megapixels OCR reads)`;
    case 'too_deep':
      return `${file} that could not be read (its markup is nested more than ${failure.limit} levels deep)`;
    case 'out_of_memory':
      return `${file} that could not be read (reading it needed more than ${failure.limit} MB of memory)`;
    case 'timeout':
      return `${file} that could not be read (reading it took longer than ${Math.round(failure.limit / 1000)} seconds)`;
    case 'busy':
      return `${file} that could not be read now (the server is busy reading other files; send it again in a moment)`;
    case 'crashed':
      return `${file} that could not be read (the reader stopped unexpectedly)`;
  }
}

/** How an attachment appears inside the user's message to a model. */
export function attachmentAsPromptText(a: ExtractedAttachment): string {
  const header = `Attached file "${a.name}" (${a.mimeType}, ${a.size} bytes${a.pages ? `, ${a.pages} pages` : ''})`;
  if (!a.text) return `${header}: ${a.note ?? 'no readable text'}.`;
  const cut = !a.truncated
    ? ''
    : a.readWhole
      ? `\n[The file is longer: only the first ${ATTACHMENT_TEXT_BUDGET_CHARS} characters of ${a.wordCount} words are included.]`
      : `\n[The file is longer: only the first ${ATTACHMENT_TEXT_BUDGET_CHARS} characters are included.]`;
  return `${header}:\n<<<\n${a.text}\n>>>${cut}`;
}
