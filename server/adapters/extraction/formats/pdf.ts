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
