import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { files } from '../../db/schema/files';
import { pdfOfPages, PPTX_MIME, pptxOf, XLSX_MIME, xlsxOf } from '../../../tests/fakes/documents';
import { docxBomb, docxOf, DOCX_MIME } from '../../../tests/fakes/hostile-files';
import { createFolder, PNG_1PX, uploadThroughApi } from '../../../tests/support/files';
import { search, waitForIndexing } from '../../../tests/support/search';
import { createTestApp, signUp, TEST_SECRET, type TestApp } from '../../../tests/support/test-app';

/**
 * Issue 16: every readable upload is indexed in the background and found by GET /api/search,
 * with its page; only the caller's own files are ever ranked; delete, move and rename take effect
 * at once; a hostile file ends failed and the server keeps answering.
 */
const filler = (topic: string, words: number) => Array.from({ length: words }, (_, i) => `${topic}${i % 7 === 0 ? '.' : ''}`).join(' ');

describe('document search', () => {
  let t: TestApp;
  let a: { cookie: string };
  let b: { cookie: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    // A generous read timeout: on a loaded machine a worker's first PDF can take long, which is no failure of the file.
    t = await createTestApp({ env: { EXTRACTION_TIMEOUT_SECONDS: '300' } });
    a = await signUp(t.app);
    b = await signUp(t.app);
    const contract = pdfOfPages([
      'Master services agreement between Acme Corporation and Genie Limited.',
      filler('definitions', 120),
      'Term and termination. Either party may end this agreement by giving ninety days written notice of termination to the other party.',
    ]);
    ids.pdf = (await uploadThroughApi(t.app, a.cookie, { name: 'acme-msa.pdf', bytes: contract, type: 'application/pdf' })).id;
    ids.docx = (await uploadThroughApi(t.app, a.cookie, { name: 'handbook.docx', bytes: docxOf(['Holiday policy', 'Employees receive twenty-five days of paid holiday each year.']), type: DOCX_MIME })).id;
    const workbook = xlsxOf([
      { name: 'Summary', rows: [['Quarter', 'Revenue'], ['Q1', 1200]] },
      { name: 'Suppliers', rows: [['Supplier', 'Country'], ['Zephyrine Metals', 'Portugal']] },
    ]);
    ids.xlsx = (await uploadThroughApi(t.app, a.cookie, { name: 'finance.xlsx', bytes: workbook, type: XLSX_MIME })).id;
    const deck = pptxOf([
      { title: 'Roadmap', body: ['Where we are going'] },
      { title: 'Launch plan', body: ['The glacier release ships in October.'] },
    ]);
    ids.pptx = (await uploadThroughApi(t.app, a.cookie, { name: 'roadmap.pptx', bytes: deck, type: PPTX_MIME })).id;
    ids.md = (await uploadThroughApi(t.app, a.cookie, { name: 'notes.md', bytes: Buffer.from('# Café menu\n\nThe crème brûlée costs seven euros.\n'), type: 'text/markdown' })).id;
    ids.png = (await uploadThroughApi(t.app, a.cookie, { name: 'pixel.png', bytes: PNG_1PX, type: 'image/png' })).id;
    ids.bomb = (await uploadThroughApi(t.app, a.cookie, { name: 'bomb.docx', bytes: docxBomb(200 * 1024 * 1024), type: DOCX_MIME })).id;
    ids.scan = (await uploadThroughApi(t.app, a.cookie, { name: 'scan.pdf', bytes: pdfOfPages(['', '']), type: 'application/pdf' })).id;
    await waitForIndexing(t.app, a.cookie);
    // Indexing starts worker processes: on a busy machine that alone can take a while.
  }, 300_000);
  afterAll(() => t.close());

  it('shows each file’s index state in GET /api/files, with a sentence for failures', async () => {
    const files = await waitForIndexing(t.app, a.cookie);
    const state = Object.fromEntries(files.map((f) => [f.originalName, [f.indexStatus, f.indexError]]));
    expect(state).toEqual({
      'acme-msa.pdf': ['indexed', null],
      'handbook.docx': ['indexed', null],
      'finance.xlsx': ['indexed', null],
      'roadmap.pptx': ['indexed', null],
      'notes.md': ['indexed', null],
      // Read by OCR since issue 39: a one-pixel picture holds no words.
      'pixel.png': ['failed', 'No text was found in this picture.'],
      'bomb.docx': ['failed', 'This file unpacks to more than 16 MB; it was not read.'],
      'scan.pdf': ['failed', 'No text was found in this file, neither in a text layer nor by OCR of its pages.'],
    });
  });

  it('finds a PDF clause on its page, with the matched words marked', async () => {
    const [top] = await search(t.app, a.cookie, 'notice period for ending the Acme contract');
    expect(top).toMatchObject({ fileId: ids.pdf, fileName: 'acme-msa.pdf', folderPath: '', page: 3 });
    expect(top!.snippet).toContain('ninety days written notice of termination');
    const marked = top!.highlights.map(([s, e]) => top!.snippet.slice(s, e).toLowerCase());
    expect(marked).toContain('notice');
  });

  it('finds DOCX, XLSX (by sheet), PPTX (by slide) and Markdown text, accents folded', async () => {
    expect((await search(t.app, a.cookie, 'paid holiday'))[0]).toMatchObject({ fileId: ids.docx, page: null });
    expect((await search(t.app, a.cookie, 'Zephyrine supplier'))[0]).toMatchObject({ fileId: ids.xlsx, page: 2 });
    expect((await search(t.app, a.cookie, 'glacier release'))[0]).toMatchObject({ fileId: ids.pptx, page: 2 });
    expect((await search(t.app, a.cookie, 'creme brulee'))[0]).toMatchObject({ fileId: ids.md });
  });

  it('never shows one user’s passages to another', async () => {
    expect(await search(t.app, b.cookie, 'notice termination Acme')).toEqual([]);
    expect(await search(t.app, b.cookie, 'glacier', '&scope=team')).toEqual([]);
  });

  it('refuses an empty or overlong query with a sentence', async () => {
    const empty = await t.app.inject({ method: 'GET', url: '/api/search?q=%20', headers: { cookie: a.cookie } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toContain('Type something to search for');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/search?q=x' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('follows a rename, a move into a folder, and a delete at once', async () => {
    const renamed = await t.app.inject({ method: 'PATCH', url: `/api/files/${ids.docx}`, headers: { cookie: a.cookie }, payload: { originalName: 'staff-rules.docx' } });
    expect(renamed.statusCode).toBe(200);
    expect((await search(t.app, a.cookie, 'staff rules'))[0]).toMatchObject({ fileId: ids.docx, fileName: 'staff-rules.docx' });

    const folder = await createFolder(t.app, a.cookie, 'Slides');
    await t.app.inject({ method: 'PATCH', url: `/api/files/${ids.pptx}`, headers: { cookie: a.cookie }, payload: { folderId: folder.id } });
    expect((await search(t.app, a.cookie, 'glacier release'))[0]).toMatchObject({ fileId: ids.pptx, folderPath: 'Slides' });

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/files/${ids.pptx}`, headers: { cookie: a.cookie } });
    expect(deleted.statusCode).toBe(200);
    expect(await search(t.app, a.cookie, 'glacier release')).toEqual([]);
  });

  it('resumes work a restart interrupted, however many restarts caught the file (issue 47: restarts are not its fault)', async () => {
    const db = t.database.db;
    // As a process killed mid-run leaves them: one file caught once, one caught by three restarts.
    await db.update(files).set({ indexStatus: 'indexing', indexAttempts: 1 }).where(eq(files.id, ids.md!));
    await db.update(files).set({ indexStatus: 'indexing', indexAttempts: 3 }).where(eq(files.id, ids.xlsx!));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', EXTRACTION_TIMEOUT_SECONDS: '300' });
    const restarted = await buildApp({ config, database: t.database, sessionSecret: TEST_SECRET, logger: false, ensureFirstAdmin: false });
    try {
      const state = Object.fromEntries((await waitForIndexing(restarted, a.cookie)).map((f) => [f.originalName, [f.indexStatus, f.indexError]]));
      expect(state['notes.md']).toEqual(['indexed', null]);
      expect(state['finance.xlsx']).toEqual(['indexed', null]);
      expect((await search(restarted, a.cookie, 'creme brulee'))[0]).toMatchObject({ fileId: ids.md });
    } finally {
      await restarted.close();
    }
  }, 300_000);
});
