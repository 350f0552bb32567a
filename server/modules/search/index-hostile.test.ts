import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corruptTiff, DOCX_MIME, hugePngHeader, pdfWithPages, zipOf } from '../../../tests/fakes/hostile-files';
import { jpegSize, scannedPdf } from '../../../tests/fakes/scanned-pdf';
import { uploadThroughApi } from '../../../tests/support/files';
import { search, waitForIndexing } from '../../../tests/support/search';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';

/**
 * Issue 16: the indexer meets hostile files (a page tree past the limit, markup nested a hundred
 * thousand deep) and each ends `failed` or `indexed` with its sentence, while the server keeps
 * answering and the next honest file is indexed as usual.
 */
const DEPTH = 100_000;

/** A DOCX whose document.xml nests DEPTH structured-document tags before its one paragraph. */
function deeplyNestedDocx(): Buffer {
  const open = '<w:sdt><w:sdtContent>'.repeat(DEPTH);
  const close = '</w:sdtContent></w:sdt>'.repeat(DEPTH);
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
    `${open}<w:p><w:r><w:t>The innermost paragraph mentions a heliotrope.</w:t></w:r></w:p>${close}</w:body></w:document>`;
  return zipOf([
    { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>') },
    { name: '_rels/.rels', data: Buffer.from('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>') },
    { name: 'word/document.xml', data: Buffer.from(xml) },
  ]);
}

const deeplyNestedHtml = () => Buffer.from(`<!doctype html><html><body>${'<div>'.repeat(DEPTH)}A paragraph about a marigold.${'</div>'.repeat(DEPTH)}</body></html>`);

describe('indexing hostile files', () => {
  let t: TestApp;
  let user: { cookie: string };

  beforeAll(async () => {
    t = await createTestApp({ env: { EXTRACTION_TIMEOUT_SECONDS: '300' } });
    user = await signUp(t.app);
    const upload = (name: string, bytes: Buffer, type: string) => uploadThroughApi(t.app, user.cookie, { name, bytes, type });
    await upload('too-many-pages.pdf', pdfWithPages(2001), 'application/pdf');
    await upload('page-tree-bomb.pdf', pdfWithPages(100_000), 'application/pdf');
    await upload('nested.docx', deeplyNestedDocx(), DOCX_MIME);
    await upload('nested.html', deeplyNestedHtml(), 'text/html');
  }, 300_000);
  afterAll(() => t.close());

  it('ends each hostile file with its state and sentence, and keeps answering', async () => {
    const files = await waitForIndexing(t.app, user.cookie);
    const state = Object.fromEntries(files.map((f) => [f.originalName, [f.indexStatus, f.indexError]]));
    expect(state).toEqual({
      'too-many-pages.pdf': ['failed', 'This document has more than 2000 pages, the most that is read for search.'],
      'page-tree-bomb.pdf': ['failed', 'This document has more than 2000 pages, the most that is read for search.'],
      'nested.docx': ['failed', 'This file nests its markup more than 1000 levels deep; it was not read.'],
      'nested.html': ['failed', 'This file nests its markup more than 1000 levels deep; it was not read.'],
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }, 300_000);

  it('indexes the next honest file after them', async () => {
    expect(await search(t.app, user.cookie, 'heliotrope')).toEqual([]);
    await uploadThroughApi(t.app, user.cookie, { name: 'after.md', bytes: Buffer.from('# After\n\nThe quartermaster counts the lanterns.\n'), type: 'text/markdown' });
    await waitForIndexing(t.app, user.cookie);
    expect((await search(t.app, user.cookie, 'quartermaster lanterns'))[0]?.fileName).toBe('after.md');
  }, 300_000);
});

/**
 * Issue 39: hostile pictures for OCR. A 20,000 × 20,000 pixel PNG is refused from its header, a
 * 1,000-page scan is read up to OCR_MAX_PAGES with the rest named, a TIFF cut short ends damaged;
 * each with its sentence, and the photo uploaded after them is read.
 */
describe('OCR of hostile pictures', () => {
  let t: TestApp;
  let user: { cookie: string };

  beforeAll(async () => {
    t = await createTestApp({ env: { EXTRACTION_TIMEOUT_SECONDS: '300', OCR_MAX_PAGES: '2' } });
    user = await signUp(t.app);
    const upload = (name: string, bytes: Buffer, type: string) => uploadThroughApi(t.app, user.cookie, { name, bytes, type });
    const letter = readFileSync(new URL('../../../tests/fixtures/ocr/letter.jpg', import.meta.url));
    await upload('huge.png', hugePngHeader(20_000, 20_000), 'image/png');
    await upload('thousand-pages.pdf', scannedPdf([{ jpeg: letter, ...jpegSize(letter) }], 1000), 'application/pdf');
    await upload('corrupt.tiff', corruptTiff(), 'image/tiff');
  }, 300_000);
  afterAll(() => t.close());

  it('ends each with its sentence', async () => {
    const files = await waitForIndexing(t.app, user.cookie);
    const state = Object.fromEntries(files.map((f) => [f.originalName, [f.indexStatus, f.indexError]]));
    expect(state).toEqual({
      'huge.png': ['failed', 'This picture is 20000 × 20000 pixels, more than the 40 megapixels OCR reads; it was not read.'],
      'thousand-pages.pdf': ['indexed', '998 scanned pages from page 3 on were not read: OCR reads at most 2 pages of a file.'],
      'corrupt.tiff': ['failed', 'This file could not be read; it may be damaged.'],
    });
    const pages = (await search(t.app, user.cookie, 'tangerine orchard')).map((r) => r.page).sort();
    expect(pages).toEqual([1, 2]);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }, 300_000);

  it('reads the next photo after them', async () => {
    const receipt = readFileSync(new URL('../../../tests/fixtures/ocr/receipt.png', import.meta.url));
    await uploadThroughApi(t.app, user.cookie, { name: 'receipt.png', bytes: receipt, type: 'image/png' });
    await waitForIndexing(t.app, user.cookie);
    expect((await search(t.app, user.cookie, 'porcelain elephant'))[0]?.fileName).toBe('receipt.png');
  }, 300_000);
});
