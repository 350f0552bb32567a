import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileListResponse } from '@contract/files';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import { createFolder, putToUploadUrl, requestUploadUrl } from '../../../tests/support/files';
import { search, waitForIndexing } from '../../../tests/support/search';

/** A ZIP of these entries; a name may be rewritten in the bytes afterwards (JSZip will not write "../"). */
async function zipOf(entries: Record<string, string | Buffer>, rename: [string, string][] = []): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(entries)) zip.file(name, content, { createFolders: false });
  const bytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  for (const [from, to] of rename) {
    expect(from.length).toBe(to.length);
    for (let at = bytes.indexOf(from); at >= 0; at = bytes.indexOf(from)) Buffer.from(to).copy(bytes, at);
  }
  return bytes;
}

/** Uploads the archive (not recorded as a file) and asks for it to be imported. */
async function importZip(t: TestApp, cookie: string, bytes: Buffer, folderId?: string) {
  const uploadURL = await requestUploadUrl(t.app, cookie);
  expect((await putToUploadUrl(t.app, uploadURL, bytes, 'application/zip')).status).toBe(200);
  const complete = await t.app.inject({ method: 'PUT', url: '/api/files/upload-complete', headers: { cookie }, payload: { fileURL: uploadURL } });
  const { objectPath } = complete.json() as { objectPath: string };
  return t.app.inject({ method: 'POST', url: '/api/files/import', headers: { cookie }, payload: { objectPath, ...(folderId ? { folderId } : {}) } });
}

const list = async (t: TestApp, cookie: string, folderId?: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/files${folderId ? `?folderId=${folderId}` : ''}`, headers: { cookie } })).json() as FileListResponse;

const download = async (t: TestApp, cookie: string, id: string) => (await t.app.inject({ method: 'GET', url: `/api/files/${id}/download`, headers: { cookie } })).body;

describe('bulk import: a ZIP unpacked into folders (issue 39)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { EXTRACTION_TIMEOUT_SECONDS: '300' } });
  });
  afterAll(() => t.close());

  it('keeps the folders, the files exact, and indexes every file', async () => {
    const { cookie } = await signUp(t.app);
    const target = await createFolder(t.app, cookie, 'Manuals');
    const response = await importZip(t, cookie, await zipOf({
      'readme.md': '# Tools\n\nThe tools of the team.\n',
      'net/ssh.txt': 'The -J option connects through a jump host.\n',
      'net/sync/rsync.txt': 'The --bwlimit option caps the transfer rate.\n',
      '__MACOSX/net/._ssh.txt': 'noise',
    }), target.id);
    expect(response.statusCode).toBe(200);
    const summary = response.json() as { folders: number; files: { path: string; id: string }[]; skipped: unknown[] };
    expect([summary.folders, summary.files.map((f) => f.path), summary.skipped]).toEqual([2, ['readme.md', 'net/ssh.txt', 'net/sync/rsync.txt'], []]);

    const top = await list(t, cookie, target.id);
    expect([top.folders.map((f) => f.name), top.files.map((f) => [f.originalName, f.mimeType])]).toEqual([['net'], [['readme.md', 'text/markdown']]]);
    const net = await list(t, cookie, top.folders[0]!.id);
    expect([net.folders.map((f) => f.name), net.files.map((f) => f.originalName)]).toEqual([['sync'], ['ssh.txt']]);
    const sync = await list(t, cookie, net.folders[0]!.id);
    expect(sync.files.map((f) => f.originalName)).toEqual(['rsync.txt']);
    expect(await download(t, cookie, sync.files[0]!.id)).toBe('The --bwlimit option caps the transfer rate.\n');
    expect(await download(t, cookie, net.files[0]!.id)).toBe('The -J option connects through a jump host.\n');

    const indexed = await waitForIndexing(t.app, cookie, net.folders[0]!.id);
    expect(indexed.map((f) => [f.originalName, f.indexStatus])).toEqual([['rsync.txt', 'indexed']]);
    expect((await search(t.app, cookie, 'bwlimit')).map((r) => [r.fileName, r.folderPath])).toEqual([['rsync.txt', 'Manuals/net/sync']]);

    // The archive itself is not kept as a file anywhere.
    expect((await list(t, cookie)).files).toEqual([]);
  }, 120_000);

  it('refuses entries that climb out or are absolute, with sentences, and writes nothing outside the target', async () => {
    const { cookie } = await signUp(t.app);
    const target = await createFolder(t.app, cookie, 'Inbox');
    const bytes = await zipOf({ 'QQ/QQ/evil.txt': 'x', 'Zetc/passwd': 'y', 'docs/fine.txt': 'fine' }, [['QQ/QQ/evil', '../../evil'], ['Zetc/passwd', '/etc/passwd']]);
    const response = await importZip(t, cookie, bytes, target.id);
    expect([response.statusCode, response.json()]).toEqual([
      200,
      {
        folders: 1,
        files: [{ path: 'docs/fine.txt', id: expect.any(String) }],
        skipped: [
          { path: '../../evil.txt', reason: 'A path that climbs out of the archive with "..": refused.' },
          { path: '/etc/passwd', reason: 'An absolute path: entries must lie inside the archive.' },
        ],
      },
    ]);
    const home = await list(t, cookie);
    expect([home.folders.map((f) => f.name), home.files]).toEqual([['Inbox'], []]);
    const inbox = await list(t, cookie, target.id);
    expect([inbox.folders.map((f) => f.name), inbox.files]).toEqual([['docs'], []]);
  });

  it('stops a ZIP bomb at its cap: the entry that inflates past 100 MB is skipped with a sentence, the rest imported', async () => {
    const { cookie } = await signUp(t.app);
    const response = await importZip(t, cookie, await zipOf({ 'bomb.txt': Buffer.alloc(101 * 1024 * 1024, 0x61), 'note.txt': 'small' }));
    expect([response.statusCode, response.json()]).toEqual([
      200,
      { folders: 0, files: [{ path: 'note.txt', id: expect.any(String) }], skipped: [{ path: 'bomb.txt', reason: 'It unpacks to more than 100 MB.' }] },
    ]);
  }, 60_000);

  it('refuses what is not a ZIP, and another user’s upload is a 404', async () => {
    const a = await signUp(t.app);
    const notZip = await importZip(t, a.cookie, Buffer.from('just text, not an archive'));
    expect([notZip.statusCode, notZip.json()]).toEqual([400, { error: 'That file is not a ZIP archive Genie can read.', code: 'invalid_input', field: 'objectPath' }]);
    const b = await signUp(t.app);
    const uploadURL = await requestUploadUrl(t.app, a.cookie);
    await putToUploadUrl(t.app, uploadURL, await zipOf({ 'a.txt': 'a' }), 'application/zip');
    const { objectPath } = (await t.app.inject({ method: 'PUT', url: '/api/files/upload-complete', headers: { cookie: a.cookie }, payload: { fileURL: uploadURL } })).json() as { objectPath: string };
    const stolen = await t.app.inject({ method: 'POST', url: '/api/files/import', headers: { cookie: b.cookie }, payload: { objectPath } });
    expect([stolen.statusCode, stolen.json()]).toEqual([404, { error: 'That upload was not found.', code: 'not_found' }]);
  });
});

describe('bulk import under the storage limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { STORAGE_LIMIT_BYTES: '3000', FILES_CLEANUP_INTERVAL_MINUTES: '0' } });
  });
  afterAll(() => t.close());

  it('stops when the limit is reached, says so, and lists what was imported', async () => {
    const { cookie } = await signUp(t.app);
    // The archive (~1 KB compressed, it counts while it is read) and two 900-byte files fit; the third does not.
    const random = (n: number, seed: number) => Buffer.from(Array.from({ length: n }, (_, i) => 97 + ((i * 7919 + seed * 104729) % 26)));
    const bytes = await zipOf({ 'a/one.txt': random(900, 1), 'a/two.txt': random(900, 2), 'b/three.txt': random(900, 3) });
    const response = await importZip(t, cookie, bytes);
    const body = response.json() as { error: string; code: string; imported: { folders: number; files: { path: string }[]; skipped: unknown[] } };
    expect([response.statusCode, body.error, body.code, body.imported.folders, body.imported.files.map((f) => f.path), body.imported.skipped]).toEqual([
      413,
      'This upload would exceed your storage limit of 3000 bytes. Delete some files to make room.',
      'storage_full',
      1,
      ['a/one.txt', 'a/two.txt'],
      [],
    ]);
    const home = await list(t, cookie);
    expect(home.folders.map((f) => f.name)).toEqual(['a']);
    // The archive's bytes were let go: the two files are all that counts now.
    const storage = (await t.app.inject({ method: 'GET', url: '/api/storage', headers: { cookie } })).json() as { usedBytes: number };
    expect(storage.usedBytes).toBe(1800);
  });
});
