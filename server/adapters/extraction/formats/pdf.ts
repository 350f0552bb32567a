import { getDocumentProxy } from 'unpdf';
import { ExtractionLimitError, type ExtractedText } from '../limits';
import { CharBudget, type Section, type SectionedText } from '../sections';
import { TextCollector } from '../text-collector';

/**
 * A PDF's text page by page (unpdf's pdf.js build; scripts in fonts are never evaluated), stopping
 * once there is more than maxChars. A PDF with more than maxPages pages is refused before any
 * page is read: a page tree of 100,000 pages is no document a person attaches to a chat.
 */
export async function extractPdf(bytes: Buffer, maxChars: number, maxPages: number): Promise<ExtractedText> {
  if (pageObjectsIn(bytes) > EARLY_REFUSAL_FACTOR * maxPages) throw new ExtractionLimitError({ reason: 'too_many_pages', limit: maxPages });
  const pdf = await getDocumentProxy(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length));
  try {
    const pages = pdf.numPages;
    if (pages > maxPages) throw new ExtractionLimitError({ reason: 'too_many_pages', limit: maxPages });
    const collector = new TextCollector(maxChars);
    let read = 0;
    for (let number = 1; number <= pages; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      page.cleanup();
      read = number;
      if (!collector.push(`${number > 1 ? '\n\n' : ''}[Page ${number}]\n${text.trim()}`)) break;
    }
    const readWhole = read === pages && !collector.truncated;
    return { text: collector.text, truncated: !readWhole, readWhole, wordCount: collector.wordCount, pages };
  } finally {
    await pdf.destroy();
  }
}

/** A PDF's text as one section per page, up to maxChars in all (for the indexer). */
export async function extractPdfPages(bytes: Buffer, maxChars: number, maxPages: number): Promise<SectionedText> {
  if (pageObjectsIn(bytes) > EARLY_REFUSAL_FACTOR * maxPages) throw new ExtractionLimitError({ reason: 'too_many_pages', limit: maxPages });
  const pdf = await getDocumentProxy(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length));
  try {
    const pages = pdf.numPages;
    if (pages > maxPages) throw new ExtractionLimitError({ reason: 'too_many_pages', limit: maxPages });
    const budget = new CharBudget(maxChars);
    const sections: Section[] = [];
    for (let number = 1; number <= pages && !budget.spent; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      page.cleanup();
      sections.push({ page: number, heading: null, text: budget.take(text.trim()) });
    }
    return { sections, truncated: budget.used > budget.max || sections.length < pages, pages };
  } finally {
    await pdf.destroy();
  }
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
  let count = 0;
  for (const _ of bytes.toString('latin1').matchAll(/\/Type\s*\/Page(?![A-Za-z])/g)) count++;
  return count;
}
