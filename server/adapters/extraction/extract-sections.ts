import { readAll, type ByteInput } from './input';
import type { ExtractableKind } from './kind';
import type { ExtractionLimits } from './limits';
import { sectionsAsText, type SectionedText } from './sections';
import { extractPlainText } from './formats/plain-text';
import { ocrOf, type OcrSettings } from './ocr/ocr-settings';

/**
 * A file's text in sections (pages, slides, sheets), within the caps: what the indexer cuts into
 * passages. Runs in an extraction worker like extractText. Headings come out as "# " lines.
 */
export async function extractSections(kind: ExtractableKind, input: ByteInput, limits: ExtractionLimits, ocr?: OcrSettings): Promise<SectionedText> {
  const maxChars = limits.maxChars;
  const caps = { maxEntryBytes: limits.maxZipEntryBytes, maxTotalBytes: limits.maxZipTotalBytes };
  if (kind === 'text') {
    const text = await extractPlainText(input, maxChars, limits.maxInputBytes);
    return { sections: [{ page: null, heading: null, text: text.text }], truncated: text.truncated };
  }
  const bytes = await readAll(input, limits.maxInputBytes);
  switch (kind) {
    case 'pdf':
      return (await import('./formats/pdf')).extractPdfPages(bytes, maxChars, limits.maxPages, ocr);
    case 'image':
      return (await import('./formats/image')).extractImageSections(bytes, maxChars, ocrOf(ocr));
    case 'xlsx':
      return (await import('./formats/xlsx')).extractXlsx(bytes, maxChars, caps);
    case 'pptx':
      return (await import('./formats/pptx')).extractPptx(bytes, maxChars, caps);
    case 'html':
      return wholeText((await import('./formats/html')).htmlToMarkedText(new TextDecoder('utf-8').decode(bytes)), maxChars);
    case 'docx': {
      const { openCappedZip } = await import('./formats/capped-zip');
      const mammoth = (await import('mammoth')).default;
      const file = await openCappedZip(bytes, caps);
      // See formats/docx.ts: mammoth reads an opened archive given as {file}.
      const html = (await mammoth.convertToHtml({ file } as unknown as { buffer: Buffer })).value;
      return wholeText((await import('./formats/html')).htmlToMarkedText(html), maxChars);
    }
  }
}

function wholeText(text: string, maxChars: number): SectionedText {
  return { sections: [{ page: null, heading: null, text: text.slice(0, maxChars) }], truncated: text.length > maxChars };
}

/** The multi-part formats as one text, for text-mode callers (a chat attachment). */
export async function extractSectionsAsText(kind: 'xlsx' | 'pptx', input: ByteInput, limits: ExtractionLimits, maxChars: number) {
  const result = await extractSections(kind, input, { ...limits, maxChars });
  const text = sectionsAsText(result.sections);
  return { text, truncated: result.truncated, readWhole: !result.truncated, wordCount: [...text.matchAll(/\S+/g)].length, pages: result.pages };
}
