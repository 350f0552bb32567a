import { getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { ExtractionLimitError, type ExtractedText } from '../limits';
import { OcrBudget, type OcrSettings } from '../ocr/ocr-settings';
import { pageImages } from '../ocr/pdf-page-images';
import { recognize } from '../ocr/tesseract';
import { CharBudget, type Section, type SectionedText } from '../sections';
import { TextCollector } from '../text-collector';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/**
 * A PDF's text page by page (unpdf's pdf.js build; scripts in fonts are never evaluated), stopping
 * once there is more than maxChars. A PDF with more than maxPages pages is refused before any
 * page is read: a page tree of 100,000 pages is no document a person attaches to a chat.
 * With OCR on, a page with no text layer (or almost none) is read from its pictures.
 */
export async function extractPdf(bytes: Buffer, maxChars: number, maxPages: number, ocr?: OcrSettings): Promise<ExtractedText> {
  const pdf = await openPdf(bytes, maxPages, ocr);
  try {
    const pages = pdf.numPages;
    const reader = await pageReader(pdf, ocr);
    const collector = new TextCollector(maxChars);
    let read = 0;
    for (let number = 1; number <= pages; number++) {
      const text = await reader.read(number);
      read = number;
      if (!collector.push(`${number > 1 ? '\n\n' : ''}[Page ${number}]\n${text}`)) break;
    }
    const note = reader.note();
    if (note) collector.push(`\n\n[${note}]`);
    const readWhole = read === pages && !collector.truncated && !note;
    return { text: collector.text, truncated: !readWhole, readWhole, wordCount: collector.wordCount, pages, note };
  } finally {
    await pdf.destroy();
  }
}

/** A PDF's text as one section per page, up to maxChars in all (for the indexer). */
export async function extractPdfPages(bytes: Buffer, maxChars: number, maxPages: number, ocr?: OcrSettings): Promise<SectionedText> {
  const pdf = await openPdf(bytes, maxPages, ocr);
  try {
    const pages = pdf.numPages;
    const reader = await pageReader(pdf, ocr);
    const budget = new CharBudget(maxChars);
    const sections: Section[] = [];
    for (let number = 1; number <= pages && !budget.spent; number++) {
      sections.push({ page: number, heading: null, text: budget.take(await reader.read(number)) });
    }
    return { sections, truncated: budget.used > budget.max || sections.length < pages, pages, note: reader.note() };
  } finally {
    await pdf.destroy();
  }
}

async function openPdf(bytes: Buffer, maxPages: number, ocr: OcrSettings | undefined): Promise<PdfDocument> {
  if (pageObjectsIn(bytes) > EARLY_REFUSAL_FACTOR * maxPages) throw new ExtractionLimitError({ reason: 'too_many_pages', limit: maxPages });
  // maxImageSize: pdf.js leaves larger pictures undecoded, so a hostile scan never costs more than the cap.
  const pdf = await getDocumentProxy(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length), ocr ? { maxImageSize: ocr.maxPixels } : {});
  if (pdf.numPages > maxPages) {
    await pdf.destroy();
    throw new ExtractionLimitError({ reason: 'too_many_pages', limit: maxPages });
  }
  return pdf;
}

/**
 * A page with fewer characters in its text layer than this is taken for a scan (a scanner's
 * stamp or a page number is all such a layer holds) and read from its pictures.
 */
const SCANNED_PAGE_MAX_CHARS = 40;

/** Reads pages' text: the text layer, or OCR of the page's pictures when that layer is (almost) empty. */
async function pageReader(pdf: PdfDocument, ocr: OcrSettings | undefined) {
  const budget = ocr ? new OcrBudget(ocr) : null;
  const paintOps = ocr ? await imagePaintOperators() : new Set<number>();
  return {
    async read(number: number): Promise<string> {
      const page = await pdf.getPage(number);
      try {
        const content = await page.getTextContent();
        const layer = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('').trim();
        if (!ocr || !budget || layer.replace(/\s+/g, '').length >= SCANNED_PAGE_MAX_CHARS) return layer;
        // Counted before its pictures are decoded: a 1,000-page scan past the cap costs no decoding.
        if (!budget.allow(number)) return layer;
        const images = await pageImages(page, paintOps);
        const texts = [layer];
        for (const image of images) texts.push((await recognize(image, ocr.languages)).trim());
        return texts.filter((text) => text !== '').join('\n\n');
      } finally {
        page.cleanup();
      }
    },
    note: () => budget?.note(),
  };
}

async function imagePaintOperators(): Promise<Set<number>> {
  const { OPS } = await getResolvedPDFJS();
  return new Set([OPS.paintImageXObject, OPS.paintImageXObjectRepeat]);
}

/**
 * pdf.js opens a document by walking its whole page tree (about 14 s for 100,000 pages here), so a
 * file that plainly holds far more page objects than allowed is refused before it is opened. The
 * count is of uncompressed `/Type /Page` dictionaries: old revisions of an edited file keep theirs,
 * hence the margin; pages inside compressed object streams are not seen, and pdf.js's own count
 * (above) still applies to them.
 */
const EARLY_REFUSAL_FACTOR = 4;

export function pageObjectsIn(bytes: Buffer): number {
  // On the bytes themselves: a latin1 copy of a 20 MB file was a 20 MB string and ~100 ms more
  // before the first page (issue 19). Matches what /\/Type\s*\/Page(?![A-Za-z])/ matched on it.
  let count = 0;
  for (let at = bytes.indexOf(TYPE); at !== -1; at = bytes.indexOf(TYPE, at + TYPE.length)) {
    let next = at + TYPE.length;
    while (next < bytes.length && LATIN1_SPACE.has(bytes[next]!)) next++;
    if (next + PAGE.length > bytes.length || bytes.compare(PAGE, 0, PAGE.length, next, next + PAGE.length) !== 0) continue;
    const after = bytes[next + PAGE.length];
    if (after === undefined || !isAsciiLetter(after)) count++;
  }
  return count;
}

const TYPE = Buffer.from('/Type', 'latin1');
const PAGE = Buffer.from('/Page', 'latin1');
/** The bytes a regular expression's \s matches in a latin1 string: tab to carriage return, space, no-break space. */
const LATIN1_SPACE = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0]);
const isAsciiLetter = (byte: number) => (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);
