import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadThroughApi } from '../../../tests/support/files';
import { search, waitForIndexing } from '../../../tests/support/search';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';

/**
 * Issue 39: scans are read by OCR in the extraction workers. A scanned (image-only) 3-page PDF is
 * indexed with its pages, a photo of a page (PNG, JPEG) is indexed, and "Search my files" cites
 * the scan's page. The files were made by tests/fixtures/ocr/make-ocr-fixtures.ts.
 */
const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/ocr/${name}`, import.meta.url));

describe('OCR of scans and photos of pages', () => {
  let t: TestApp;
  let user: { cookie: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ env: { EXTRACTION_TIMEOUT_SECONDS: '300' } });
    user = await signUp(t.app);
    const upload = async (name: string, type: string) => (await uploadThroughApi(t.app, user.cookie, { name, bytes: fixture(name), type })).id;
    ids.scan = await upload('scan-3-pages.pdf', 'application/pdf');
    ids.png = await upload('receipt.png', 'image/png');
    ids.jpg = await upload('letter.jpg', 'image/jpeg');
    await waitForIndexing(t.app, user.cookie);
  }, 300_000);
  afterAll(() => t.close());

  it('indexes the scanned PDF and the photos', async () => {
    const files = await waitForIndexing(t.app, user.cookie);
    const state = Object.fromEntries(files.map((f) => [f.originalName, [f.indexStatus, f.indexError]]));
    expect(state).toEqual({ 'scan-3-pages.pdf': ['indexed', null], 'receipt.png': ['indexed', null], 'letter.jpg': ['indexed', null] });
  });

  it('finds a word of the scan’s page 2 on page 2', async () => {
    const results = await search(t.app, user.cookie, 'marmalade levy');
    expect(results.map((r) => [r.fileId, r.page])).toEqual([[ids.scan, 2]]);
    expect(results[0]!.snippet).toContain('quarterly marmalade levy');
  });

  it('finds the words in a PNG and a JPEG photo of a page', async () => {
    expect((await search(t.app, user.cookie, 'porcelain elephant')).map((r) => [r.fileId, r.page])).toEqual([[ids.png, null]]);
    expect((await search(t.app, user.cookie, 'tangerine orchard')).map((r) => [r.fileId, r.page])).toEqual([[ids.jpg, null]]);
  });

  it('cites the scan’s page 2 in a chat with "Search my files" (no model)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie: user.cookie }, payload: { message: 'When is the marmalade levy due?', knowledge: { scope: 'all' } } });
    expect(response.statusCode).toBe(200);
    expect(response.json().citations[0]).toMatchObject({ n: 1, fileId: ids.scan, fileName: 'scan-3-pages.pdf', page: 2 });
    expect(response.json().content).toContain('**[1] scan-3-pages.pdf, p. 2**');
  });

  it('reads a photo attached in chat when the model cannot see images', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie: user.cookie }, payload: { message: 'What does this say?', attachments: [{ url: ids.png, name: 'receipt.png', type: 'image/png' }] } });
    expect(response.statusCode).toBe(200);
    expect(response.json().content).toContain('porcelain elephant');
  });
});
