import { ExtractionLimitError, type ExtractedText } from '../limits';
import { imageHeader } from '../ocr/image-size';
import type { OcrSettings } from '../ocr/ocr-settings';
import { recognize } from '../ocr/tesseract';
import type { SectionedText } from '../sections';

/**
 * The text in a picture of a page (PNG, JPEG, TIFF, WebP), read by OCR. Its size is read from the
 * header and refused past maxPixels before anything decodes it; a header that is not one of these
 * formats is a damaged file. A TIFF of several pages is read for its first page only (Tesseract's
 * reader stops there), which the note says.
 */
export async function extractImageSections(bytes: Buffer, maxChars: number, ocr: OcrSettings): Promise<SectionedText> {
  const header = imageHeader(bytes);
  if (!header || header.width === 0 || header.height === 0) throw new Error('not an image OCR reads');
  if (header.width * header.height > ocr.maxPixels) {
    throw new ExtractionLimitError({ reason: 'too_many_pixels', limit: ocr.maxPixels, width: header.width, height: header.height });
  }
  const text = (await recognize(bytes, ocr.languages)).trim();
  const note = header.frames > 1 ? `Only the first of this TIFF's ${header.frames} pages was read.` : undefined;
  return { sections: [{ page: null, heading: null, text: text.slice(0, maxChars) }], truncated: text.length > maxChars, note };
}

/** The same as one text (a chat attachment). */
export async function extractImageText(bytes: Buffer, maxChars: number, ocr: OcrSettings): Promise<ExtractedText> {
  const { sections, truncated, note } = await extractImageSections(bytes, maxChars, ocr);
  const text = sections[0]!.text;
  return { text, truncated, readWhole: !truncated, wordCount: [...text.matchAll(/\S+/g)].length, note };
}
