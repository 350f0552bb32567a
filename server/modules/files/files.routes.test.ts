import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObjectStore } from '../../adapters/storage/create-object-store';
import type { ObjectStore } from '../../adapters/storage/object-store';
import { loadConfig } from '../../config';
import { startFakeS3, type FakeS3 } from '../../../tests/fakes/s3-server';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import { UPLOAD_MAX_FILE_BYTES } from '@contract/limits';
import { createFolder, PNG_1PX, putToUploadUrl, requestUploadUrl, uploadThroughApi, zeroStream } from '../../../tests/support/files';

const keyOf = (objectPath: string) => objectPath.replace(/^\/objects\//, '');

describe.each(['local', 's3'] as const)('files on the %s store', (storeKind) => {
  let t: TestApp;
  let s3: FakeS3 | undefined;
  let store: ObjectStore;
  let alice: { cookie: string; user: { id: string } };
  let bob: { cookie: string; user: { id: string } };

  beforeAll(async () => {
    s3 = storeKind === 's3' ? await startFakeS3() : undefined;
    t = await createTestApp({ env: { FILES_CLEANUP_INTERVAL_MINUTES: '0', ...s3?.env } });
    store = await createObjectStore(loadConfig({ DATA_DIR: t.dataDir, ...s3?.env }));
    expect(store.kind).toBe(storeKind);
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  it('runs the whole upload flow and corrects a client that lies about size and type', async () => {
    const folder = await createFolder(t.app, alice.cookie, 'Pictures');
    const record = await uploadThroughApi(t.app, alice.cookie, {
      name: 'holiday.png',
      bytes: PNG_1PX,
      type: 'text/plain',
      claimedSize: 5,
      folderId: folder.id,
    });
    expect(record).toMatchObject({
      originalName: 'holiday.png',
      mimeType: 'image/png',
      category: 'image',
      size: PNG_1PX.length,
      folderId: folder.id,
    });
    expect(record.objectPath).toMatch(new RegExp(`^/objects/users/${alice.user.id}/[0-9a-f-]{36}$`));
    expect(record.storedName).toBe(record.objectPath.split('/').pop());
    expect(await store.head(keyOf(record.objectPath))).toMatchObject({ size: PNG_1PX.length });

    // The same record, but for its place in the search index, which the indexer moves on in the background.
    const listedRecord = { ...record, indexStatus: expect.stringMatching(/^(pending|indexing|unsupported)$/) };
    const listed = await t.app.inject({ method: 'GET', url: `/api/files?folderId=${folder.id}`, headers: { cookie: alice.cookie } });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({ folders: [], files: [listedRecord], nextCursor: null });
    const home = await t.app.inject({ method: 'GET', url: '/api/files', headers: { cookie: alice.cookie } });
    expect(home.json().folders.map((f: { name: string }) => f.name)).toEqual(['Pictures']);
    expect(home.json().files).toEqual([]);
    const search = await t.app.inject({ method: 'GET', url: '/api/files?search=HOLI', headers: { cookie: alice.cookie } });
    expect(search.json()).toEqual({ folders: [], files: [listedRecord], nextCursor: null });
  });

  it('streams a download with its name, and answers a Range request with 206 and exactly those bytes', async () => {
    const text = Buffer.from('0123456789abcdefghij');
    const record = await uploadThroughApi(t.app, alice.cookie, { name: 'Résumé notes.txt', bytes: text, type: 'text/plain' });
    const full = await t.app.inject({ method: 'GET', url: `/api/files/${record.id}/download`, headers: { cookie: alice.cookie } });
    expect(full.statusCode).toBe(200);
    expect(full.body).toBe('0123456789abcdefghij');
    expect(full.headers['content-type']).toBe('text/plain');
    expect(full.headers['content-length']).toBe('20');
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    expect(full.headers['content-disposition']).toBe(`inline; filename="R_sum_ notes.txt"; filename*=UTF-8''R%C3%A9sum%C3%A9%20notes.txt`);

    const partial = await t.app.inject({
      method: 'GET',
      url: `/api/files/${record.id}/download`,
      headers: { cookie: alice.cookie, range: 'bytes=10-14' },
    });
    expect(partial.statusCode).toBe(206);
    expect(partial.body).toBe('abcde');
    expect(partial.headers['content-range']).toBe('bytes 10-14/20');
    expect(partial.headers['content-length']).toBe('5');

    const suffix = await t.app.inject({ method: 'GET', url: `/api/files/${record.id}/download`, headers: { cookie: alice.cookie, range: 'bytes=-3' } });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.body).toBe('hij');

    const outside = await t.app.inject({ method: 'GET', url: `/api/files/${record.id}/download`, headers: { cookie: alice.cookie, range: 'bytes=20-' } });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe('bytes */20');

    const attachment = await t.app.inject({ method: 'GET', url: `/api/files/${record.id}/download?download=1`, headers: { cookie: alice.cookie } });
    expect(attachment.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('serves HTML and SVG only as attachments, as octet-stream, with nosniff', async () => {
    const html = await uploadThroughApi(t.app, alice.cookie, { name: 'page.html', bytes: Buffer.from('<html><script>alert(1)</script></html>'), type: 'text/html' });
    const svg = await uploadThroughApi(t.app, alice.cookie, {
      name: 'logo.svg',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      type: 'image/svg+xml',
    });
    for (const [record, name] of [[html, 'page.html'], [svg, 'logo.svg']] as const) {
      const response = await t.app.inject({ method: 'GET', url: `/api/files/${record.id}/download`, headers: { cookie: alice.cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/octet-stream');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serves script types and every other type off the passive list as octet-stream attachments, with nosniff', async () => {
    const cases: [string, string][] = [
      ['app.js', 'text/ecmascript'],
      ['legacy.js', 'text/x-javascript'],
      ['old.js', 'text/jscript'],
      ['theme.css', 'text/css'],
      ['data.json', 'application/json'],
    ];
    for (const [name, type] of cases) {
      const record = await uploadThroughApi(t.app, alice.cookie, { name, bytes: Buffer.from('alert(document.cookie)'), type });
      expect(record.mimeType).toBe(type);
      const response = await t.app.inject({ method: 'GET', url: `/api/files/${record.id}/download`, headers: { cookie: alice.cookie } });
      expect(response.statusCode).toBe(200);
      expect([type, response.headers['content-type']]).toEqual([type, 'application/octet-stream']);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serves passive types (images but SVG, PDF, plain text) inline under their own type, with nosniff', async () => {
    const cases: [string, Buffer, string][] = [
      ['dot.png', PNG_1PX, 'image/png'],
      ['paper.pdf', Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'), 'application/pdf'],
      ['notes.txt', Buffer.from('plain words'), 'text/plain'],
    ];
    for (const [name, bytes, type] of cases) {
      const record = await uploadThroughApi(t.app, alice.cookie, { name, bytes, type });
      expect(record.mimeType).toBe(type);
      const response = await t.app.inject({ method: 'GET', url: `/api/files/${record.id}/download`, headers: { cookie: alice.cookie } });
      expect(response.headers['content-type']).toBe(type);
      expect(response.headers['content-disposition']).toBe(`inline; filename="${name}"; filename*=UTF-8''${name}`);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it("keeps every file and folder of another user invisible: 404 everywhere", async () => {
    const folder = await createFolder(t.app, alice.cookie, 'Private');
    const record = await uploadThroughApi(t.app, alice.cookie, { name: 'secret.txt', bytes: Buffer.from('secret'), type: 'text/plain', folderId: folder.id });
    const as = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: bob.cookie }, payload });
    const bobsFolder = await createFolder(t.app, bob.cookie, `Bob's ${storeKind}`);
    const attempts = [
      await as('PATCH', `/api/folders/${bobsFolder.id}`, { parentId: folder.id }),
      await as('GET', `/api/files?folderId=${folder.id}`),
      await as('GET', `/api/folders/breadcrumbs/${folder.id}`),
      await as('POST', '/api/folders', { name: 'Inside', parentId: folder.id }),
      await as('PATCH', `/api/folders/${folder.id}`, { name: 'Mine now' }),
      await as('DELETE', `/api/folders/${folder.id}`),
      await as('GET', `/api/files/${record.id}`),
      await as('GET', `/api/files/${record.id}/download`),
      await as('PATCH', `/api/files/${record.id}`, { originalName: 'x.txt' }),
      await as('DELETE', `/api/files/${record.id}`),
      await as('POST', '/api/files', { originalName: 'stolen.txt', objectPath: record.objectPath }),
    ];
    for (const response of attempts) expect([response.statusCode, response.json().code]).toEqual([404, 'not_found']);
    const bobSearch = await as('GET', '/api/files?search=secret');
    expect(bobSearch.json()).toEqual({ folders: [], files: [], nextCursor: null });
    const stillThere = await t.app.inject({ method: 'GET', url: `/api/files/${record.id}/download`, headers: { cookie: alice.cookie } });
    expect(stillThere.body).toBe('secret');
  });

  it("refuses to complete another user's upload or record an object that was never uploaded", async () => {
    const uploadURL = await requestUploadUrl(t.app, alice.cookie);
    expect((await putToUploadUrl(t.app, uploadURL, Buffer.from('hello'), 'text/plain')).status).toBe(200);
    const stolen = await t.app.inject({ method: 'PUT', url: '/api/files/upload-complete', headers: { cookie: bob.cookie }, payload: { fileURL: uploadURL } });
    expect(stolen.statusCode).toBe(404);

    const unused = await requestUploadUrl(t.app, alice.cookie);
    const early = await t.app.inject({ method: 'PUT', url: '/api/files/upload-complete', headers: { cookie: alice.cookie }, payload: { fileURL: unused } });
    expect([early.statusCode, early.json().error]).toEqual([409, 'Nothing has been uploaded to that address yet.']);
    const objectPath = `/objects/${new URL(unused, 'http://x').pathname.match(/users\/.+$/)![0]}`;
    const record = await t.app.inject({ method: 'POST', url: '/api/files', headers: { cookie: alice.cookie }, payload: { originalName: 'a.txt', objectPath } });
    expect([record.statusCode, record.json().error]).toEqual([409, 'Complete the upload before saving its record.']);
  });

  it.each([
    ['/objects/../../etc/passwd'],
    ['/objects/users/../../session-secret'],
    ['/objects/users/%2e%2e/x'],
    ['../objects/users/a/b'],
    ['/etc/passwd'],
  ])('refuses the object path %s with 400', async (objectPath) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/files', headers: { cookie: alice.cookie }, payload: { originalName: 'x.txt', objectPath } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'That object path is not valid.', code: 'invalid_input', field: 'objectPath' });
    const complete = await t.app.inject({ method: 'PUT', url: '/api/files/upload-complete', headers: { cookie: alice.cookie }, payload: { fileURL: objectPath } });
    expect([complete.statusCode, complete.json().field]).toEqual([400, 'fileURL']);
  });

  it('refuses an upload of 100 MB + 1 byte with 413 and keeps nothing', async () => {
    const uploadURL = await requestUploadUrl(t.app, alice.cookie);
    const put = await putToUploadUrl(t.app, uploadURL, zeroStream(UPLOAD_MAX_FILE_BYTES + 1), 'application/octet-stream');
    const complete = await t.app.inject({ method: 'PUT', url: '/api/files/upload-complete', headers: { cookie: alice.cookie }, payload: { fileURL: uploadURL } });
    if (storeKind === 'local') {
      // Genie's own URL stops the stream at the limit.
      expect(put.status).toBe(413);
      expect(JSON.parse(put.body)).toEqual({ error: `The file is larger than ${UPLOAD_MAX_FILE_BYTES} bytes.`, code: 'too_large' });
      expect(await readdir(join(t.dataDir, 'objects', '.tmp'))).toEqual([]);
      expect(complete.statusCode).toBe(409);
    } else {
      // A presigned PUT cannot be capped by S3 itself: completing it finds the size and deletes the object.
      expect(put.status).toBe(200);
      expect([complete.statusCode, complete.json().code]).toEqual([413, 'too_large']);
    }
    const key = new URL(uploadURL, 'http://x').pathname.match(/users\/.+$/)![0];
    expect(await store.head(key)).toBeNull();
  });

  it('deletes a file with its object, and a folder with everything inside it', async () => {
    const single = await uploadThroughApi(t.app, alice.cookie, { name: 'one.txt', bytes: Buffer.from('one'), type: 'text/plain' });
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/files/${single.id}`, headers: { cookie: alice.cookie } });
    expect(deleted.json()).toEqual({ ok: true, deletedFiles: 1, deletedFolders: 0 });
    expect(await store.head(keyOf(single.objectPath))).toBeNull();

    const top = await createFolder(t.app, alice.cookie, 'Projects');
    const inner = await createFolder(t.app, alice.cookie, 'Drafts', top.id);
    const deepest = await createFolder(t.app, alice.cookie, 'Old', inner.id);
    const a = await uploadThroughApi(t.app, alice.cookie, { name: 'a.txt', bytes: Buffer.from('a'), type: 'text/plain', folderId: top.id });
    const b = await uploadThroughApi(t.app, alice.cookie, { name: 'b.png', bytes: PNG_1PX, type: 'image/png', folderId: deepest.id });
    const crumbs = await t.app.inject({ method: 'GET', url: `/api/folders/breadcrumbs/${deepest.id}`, headers: { cookie: alice.cookie } });
    expect(crumbs.json()).toEqual([
      { id: top.id, name: 'Projects' },
      { id: inner.id, name: 'Drafts' },
      { id: deepest.id, name: 'Old' },
    ]);

    const gone = await t.app.inject({ method: 'DELETE', url: `/api/folders/${top.id}`, headers: { cookie: alice.cookie } });
    expect(gone.json()).toEqual({ ok: true, deletedFiles: 2, deletedFolders: 3 });
    for (const record of [a, b]) {
      expect(await store.head(keyOf(record.objectPath))).toBeNull();
      const download = await t.app.inject({ method: 'GET', url: `/api/files/${record.id}/download`, headers: { cookie: alice.cookie } });
      expect(download.statusCode).toBe(404);
    }
    const opened = await t.app.inject({ method: 'GET', url: `/api/files?folderId=${inner.id}`, headers: { cookie: alice.cookie } });
    expect(opened.statusCode).toBe(404);
  });
});
