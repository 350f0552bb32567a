import { readAll, type ByteInput } from './input';
import type { ExtractableKind } from './kind';
import type { ExtractedText, ExtractionLimits } from './limits';
import { extractPlainText } from './formats/plain-text';
import { chunkPassages } from './chunk-passages';
import { extractSections, extractSectionsAsText } from './extract-sections';
import { ocrOf, type OcrSettings } from './ocr/ocr-settings';

export interface ExtractionJob {
  kind: ExtractableKind;
  /** Characters the caller wants (the pool has already held it to limits.maxChars). */
  maxChars: number;
  limits: ExtractionLimits;
  /** 'passages' (the indexer): the text cut into passages with their pages; 'text' by default. */
  output?: 'text' | 'passages';
  /** How pictures of text are read (scanned PDF pages, image files); absent when OCR is off. */
  ocr?: OcrSettings;
}

/**
 * A file's text, by kind, within the caps. This is the work an extraction worker does; it runs
 * in the server's own thread only in unit tests. Throws ExtractionLimitError at a cap, and
 * whatever the format's library throws for a damaged file.
 */
export async function extractText(job: ExtractionJob, input: ByteInput): Promise<ExtractedText> {
  const { kind, maxChars, limits } = job;
  if (job.output === 'passages') return extractPassages(kind, input, limits, job.ocr);
  if (kind === 'xlsx' || kind === 'pptx') return extractSectionsAsText(kind, input, limits, maxChars);
  if (kind === 'text') return extractPlainText(input, maxChars, limits.maxInputBytes);
  const bytes = await readAll(input, limits.maxInputBytes);
  // Each format's library is loaded when first needed: a worker that only reads text starts fast.
  switch (kind) {
    case 'html':
      return (await import('./formats/html')).extractHtml(bytes, maxChars);
    case 'pdf':
      return (await import('./formats/pdf')).extractPdf(bytes, maxChars, limits.maxPages, job.ocr);
    case 'image':
      return (await import('./formats/image')).extractImageText(bytes, maxChars, ocrOf(job.ocr));
    case 'docx': {
      const caps = { maxEntryBytes: limits.maxZipEntryBytes, maxTotalBytes: limits.maxZipTotalBytes };
      return (await import('./formats/docx')).extractDocx(bytes, maxChars, caps);
    }
  }
}

/** The file cut into passages (its text is in them: `text` stays empty so it crosses the IPC channel once). */
async function extractPassages(kind: ExtractableKind, input: ByteInput, limits: ExtractionLimits, ocr: OcrSettings | undefined): Promise<ExtractedText> {
  const sectioned = await extractSections(kind, input, limits, ocr);
  const passages = chunkPassages(sectioned.sections);
  const wordCount = passages.reduce((sum, p) => sum + [...p.body.matchAll(/\S+/g)].length, 0);
  return { text: '', truncated: sectioned.truncated, readWhole: !sectioned.truncated, wordCount, pages: sectioned.pages, note: sectioned.note, passages };
}
