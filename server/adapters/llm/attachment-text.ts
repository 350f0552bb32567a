import mammoth from 'mammoth';
import { extractText as extractPdfText } from 'unpdf';
import { ATTACHMENT_TEXT_BUDGET_CHARS } from '@contract/chat';

/**
 * Attached files turned into text a model (or the offline engine) can read. Images are not text:
 * they go to vision models as images and are named for the others.
 */

export type AttachmentKind = 'text' | 'pdf' | 'docx' | 'html' | 'image' | 'unsupported';

export interface ExtractedAttachment {
  name: string;
  mimeType: string;
  size: number;
  kind: AttachmentKind;
  /** The text, cut to the budget; empty for images and unsupported types. */
  text: string;
  /** True when the text was longer than the budget and was cut. */
  truncated: boolean;
  /** Words in the whole extracted text, before any cut. */
  wordCount: number;
  pages?: number;
  /** Why there is no text, when there is none. */
  note?: string;
}

/** Files larger than this are not read for text at all (a 100 MB upload would stall the request). */
export const ATTACHMENT_READ_MAX_BYTES = 25 * 1024 * 1024;

const TEXT_EXTENSIONS = /\.(txt|md|markdown|csv|tsv|json|log|xml|ya?ml|ini|toml)$/i;

export function attachmentKind(mimeType: string, name: string): AttachmentKind {
  const mime = mimeType.toLowerCase().split(';')[0]!.trim();
  if (mime.startsWith('image/')) return 'image';
  if (mime === 'application/pdf' || /\.pdf$/i.test(name)) return 'pdf';
  if (mime === 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' || /\.docx$/i.test(name)) return 'docx';
  if (mime === 'text/html' || /\.html?$/i.test(name)) return 'html';
  if (mime.startsWith('text/') || mime === 'application/json' || mime === 'application/xml' || TEXT_EXTENSIONS.test(name)) return 'text';
  return 'unsupported';
}

export async function extractAttachment(
  bytes: Buffer,
  meta: { name: string; mimeType: string; size: number },
  budget = ATTACHMENT_TEXT_BUDGET_CHARS,
): Promise<ExtractedAttachment> {
  const kind = attachmentKind(meta.mimeType, meta.name);
  const base = { ...meta, kind, text: '', truncated: false, wordCount: 0 };
  let full = '';
  let pages: number | undefined;
  try {
    switch (kind) {
      case 'image':
        return { ...base, note: 'an image' };
      case 'unsupported':
        return { ...base, note: `a ${meta.mimeType || 'binary'} file whose text cannot be read` };
      case 'text':
        full = bytes.toString('utf8');
        break;
      case 'html':
        full = htmlToText(bytes.toString('utf8'));
        break;
      case 'pdf': {
        const result = await extractPdfText(new Uint8Array(bytes), { mergePages: false });
        pages = result.totalPages;
        full = result.text.map((page, i) => `[Page ${i + 1}]\n${page.trim()}`).join('\n\n');
        break;
      }
      case 'docx':
        full = (await mammoth.extractRawText({ buffer: bytes })).value;
        break;
    }
  } catch {
    return { ...base, kind: 'unsupported', note: `a ${kind.toUpperCase()} file that could not be read (it may be damaged)` };
  }
  full = full.replace(/\r\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
  const wordCount = full ? full.split(/\s+/).length : 0;
  const truncated = full.length > budget;
  return { ...base, text: truncated ? full.slice(0, budget) : full, truncated, wordCount, pages };
}

/** HTML as plain text: scripts and styles dropped, tags removed, common entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style|noscript)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/tr)[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n');
}

/** How an attachment appears inside the user's message to a model. */
export function attachmentAsPromptText(a: ExtractedAttachment): string {
  const header = `Attached file "${a.name}" (${a.mimeType}, ${a.size} bytes${a.pages ? `, ${a.pages} pages` : ''})`;
  if (!a.text) return `${header}: ${a.note ?? 'no readable text'}.`;
  const cut = a.truncated
    ? `\n[The file is longer: only the first ${ATTACHMENT_TEXT_BUDGET_CHARS} characters of ${a.wordCount} words are included.]`
    : '';
  return `${header}:\n<<<\n${a.text}\n>>>${cut}`;
}
