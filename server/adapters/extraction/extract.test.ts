import { describe, expect, it } from 'vitest';
import { docxBomb, docxOf, pdfWithPages, scriptBombHtml, zipOf } from '../../../tests/fakes/hostile-files';
import { extractText, type ExtractionJob } from './extract';
import { pageObjectsIn } from './formats/pdf';
import { DEFAULT_EXTRACTION_LIMITS, ExtractionLimitError, type ExtractionLimits } from './limits';

/**
 * Each cap, on the extraction code itself (run in this thread here; in the server it runs only
 * in the pool's workers): bytes read, ZIP inflation per entry and in total (whatever the headers
 * claim), PDF pages, characters kept, and reading that stops once there are enough.
 */
const MB = 1024 * 1024;

/** The bytes in chunks, counting how many chunks the reader asked for. */
function chunked(bytes: Buffer, chunkSize = 64 * 1024) {
  const counter = { pulled: 0 };
  const input = {
    async *[Symbol.asyncIterator]() {
      for (let offset = 0; offset < bytes.length; offset += chunkSize) {
        counter.pulled++;
        yield bytes.subarray(offset, offset + chunkSize);
      }
    },
  };
  return { input, counter };
}

const job = (kind: ExtractionJob['kind'], maxChars = 12_000, limits: Partial<ExtractionLimits> = {}): ExtractionJob => ({
  kind,
  maxChars,
  limits: { ...DEFAULT_EXTRACTION_LIMITS, ...limits },
});

async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ExtractionLimitError) return error.failure;
    throw error;
  }
  throw new Error('expected the extraction to stop at a cap');
}

describe('extraction caps', () => {
  it('reads plain text only until it has more than the characters asked for', async () => {
    const line = 'The committee reviews the quarterly figures.\n';
    const { input, counter } = chunked(Buffer.from(line.repeat(200_000))); // about 9 MB, 138 chunks
    const result = await extractText(job('text', 12_000), input);
    expect(counter.pulled).toBe(1);
    expect(result).toMatchObject({ truncated: true, readWhole: false });
    expect(result.text).toBe(line.repeat(300).slice(0, 12_000));
  });

  it('reads a short text file whole', async () => {
    const { input } = chunked(Buffer.from('\uFEFFShort note.\r\nSecond line.\r\n'));
    expect(await extractText(job('text'), input)).toEqual({ text: 'Short note.\nSecond line.', truncated: false, readWhole: true, wordCount: 4 });
  });

  it('refuses a document larger than the bytes it may read', async () => {
    const { input, counter } = chunked(Buffer.alloc(3 * MB, 0x20), MB);
    expect(await failureOf(extractText(job('pdf', 12_000, { maxInputBytes: 2 * MB }), input))).toEqual({ reason: 'too_large', limit: 2 * MB });
    expect(counter.pulled).toBe(3);
  });

  it('stops a DOCX part at the entry cap as it inflates (a 100 MB document.xml in a small file)', async () => {
    const bomb = docxBomb(100 * MB);
    expect(bomb.length).toBeLessThan(MB);
    const { input } = chunked(bomb);
    expect(await failureOf(extractText(job('docx'), input))).toEqual({ reason: 'unpacks_too_large', limit: DEFAULT_EXTRACTION_LIMITS.maxZipEntryBytes });
  });

  it('counts what a part really inflates to, not the size its headers claim', async () => {
    const liar = docxBomb(40 * MB, { declaredSize: 1000 });
    expect(await failureOf(extractText(job('docx'), chunked(liar).input))).toEqual({ reason: 'unpacks_too_large', limit: DEFAULT_EXTRACTION_LIMITS.maxZipEntryBytes });
  });

  it('caps what all the parts read from one DOCX inflate to together', async () => {
    // Each part is under the entry cap; the document and its styles together are over the total.
    const paragraph = '<w:p><w:r><w:t>Quarterly figures</w:t></w:r></w:p>';
    const documentXml = `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraph.repeat(20_000)}</w:body></w:document>`;
    const stylesXml = `<?xml version="1.0"?><w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">${'<!-- padding -->'.repeat(70_000)}</w:styles>`;
    const docx = zipOf([
      {
        name: '[Content_Types].xml',
        data: Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>'),
      },
      {
        name: '_rels/.rels',
        data: Buffer.from('<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>'),
      },
      {
        name: 'word/_rels/document.xml.rels',
        data: Buffer.from('<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>'),
      },
      { name: 'word/document.xml', data: Buffer.from(documentXml) },
      { name: 'word/styles.xml', data: Buffer.from(stylesXml) },
    ]);
    const limits = { maxZipEntryBytes: 1.2 * MB, maxZipTotalBytes: 1.5 * MB };
    expect(documentXml.length).toBeLessThan(limits.maxZipEntryBytes);
    expect(stylesXml.length).toBeLessThan(limits.maxZipEntryBytes);
    expect(await failureOf(extractText(job('docx', 12_000, limits), chunked(docx).input))).toEqual({ reason: 'unpacks_too_large', limit: 1.5 * MB });
    // The same file within a larger total is read.
    const read = await extractText(job('docx', 12_000, { ...limits, maxZipTotalBytes: 3 * MB }), chunked(docx).input);
    expect(read.text.startsWith('Quarterly figures\n\nQuarterly figures')).toBe(true);
  });

  it('reads an ordinary DOCX whole and counts every word', async () => {
    const result = await extractText(job('docx', 20), chunked(docxOf(['Offer letter', 'Start date: 1 May.'])).input);
    expect(result).toEqual({ text: 'Offer letter\n\nStart ', truncated: true, readWhole: true, wordCount: 6 });
  });

  it('refuses a PDF with more pages than allowed', async () => {
    const pdf = pdfWithPages(30);
    expect(await failureOf(extractText(job('pdf', 12_000, { maxPages: 20 }), chunked(pdf).input))).toEqual({ reason: 'too_many_pages', limit: 20 });
  });

  it('counts page objects as the pattern /Type\\s*/Page(?![A-Za-z]) does, on the bytes', () => {
    const count = (text: string) => pageObjectsIn(Buffer.from(text, 'latin1'));
    expect(count('<< /Type /Page >> << /Type/Page/Parent 2 0 R >> << /Type\r\n\t/Page\n>>')).toBe(3);
    expect(count('<< /Type /Pages /Kids [] >> << /Type /PageLabel >> << /Type /Font >>')).toBe(0);
    expect(count('/Type\u00a0/Page]')).toBe(1);
    expect(count('/Type /Page')).toBe(1);
    expect(count('/Type /Pag')).toBe(0);
  });

  it('refuses a PDF of 100,000 pages before opening it', async () => {
    const pdf = pdfWithPages(100_000);
    expect(pageObjectsIn(pdf)).toBe(100_000);
    expect(await failureOf(extractText(job('pdf'), chunked(pdf).input))).toEqual({ reason: 'too_many_pages', limit: DEFAULT_EXTRACTION_LIMITS.maxPages });
  });

  it('reads a PDF page by page and stops once it has the characters asked for', async () => {
    const pdf = pdfWithPages(40, 'Revenue grew by twelve percent this quarter.');
    const result = await extractText(job('pdf', 100), chunked(pdf).input);
    expect(result).toEqual({
      text: '[Page 1]\nRevenue grew by twelve percent this quarter.\n\n[Page 2]\nRevenue grew by twelve percent this ',
      truncated: true,
      readWhole: false,
      wordCount: 17,
      pages: 40,
    });
  });

  it('reads a whole PDF when it fits', async () => {
    const result = await extractText(job('pdf'), chunked(pdfWithPages(2, 'Short.')).input);
    expect(result).toEqual({ text: '[Page 1]\nShort.\n\n[Page 2]\nShort.', truncated: false, readWhole: true, wordCount: 6, pages: 2 });
  });

  it('reads HTML that is nothing but unclosed <script> tags as one script: no text', async () => {
    expect(await extractText(job('html'), chunked(scriptBombHtml(4 * MB)).input)).toEqual({ text: '', truncated: false, readWhole: true, wordCount: 0 });
  });

  it('keeps HTML text and structure: entities, lists, tables, no link addresses or noscript', async () => {
    const html =
      '<p>Fish &amp; chips <a href="https://example.com/x">menu</a></p><noscript>enable JS</noscript>' +
      '<ul><li>one</li><li>two</li></ul><table><tr><td>Tea</td><td>2.50</td></tr></table>';
    const result = await extractText(job('html'), chunked(Buffer.from(html)).input);
    expect(result.text).toBe('Fish & chips menu\n * one\n * two\n\nTea   2.50');
  });

  it('names a damaged file by throwing the library error (the worker turns it into "damaged")', async () => {
    await expect(extractText(job('docx'), chunked(Buffer.from('not a zip')).input)).rejects.not.toBeInstanceOf(ExtractionLimitError);
  });
});
