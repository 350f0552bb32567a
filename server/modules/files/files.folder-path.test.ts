import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileListResponse } from '@contract/files';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import { createFolder } from '../../../tests/support/files';

/** POST /api/folders/path: a dropped folder's tree rebuilt in the library (issue 39). */
describe('folder at a path: found or made, level by level', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const folderAtPath = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/folders/path', headers: { cookie }, payload });
  const list = async (cookie: string, folderId?: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/files${folderId ? `?folderId=${folderId}` : ''}`, headers: { cookie } })).json() as FileListResponse;

  it('makes the missing folders under the parent, reuses those there, and answers the deepest', async () => {
    const { cookie } = await signUp(t.app);
    const target = await createFolder(t.app, cookie, 'Clients');
    const acme = await createFolder(t.app, cookie, 'Acme', target.id);

    const first = await folderAtPath(cookie, { parentId: target.id, names: ['Acme', 'Invoices', '2026'] });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ id: expect.any(String), created: 2 });
    const invoices = await list(cookie, acme.id);
    expect(invoices.folders.map((f) => f.name)).toEqual(['Invoices']);
    const year = await list(cookie, invoices.folders[0]!.id);
    expect(year.folders.map((f) => [f.name, f.id])).toEqual([['2026', first.json().id]]);

    // The same path again makes nothing and answers the same folder.
    const again = await folderAtPath(cookie, { parentId: target.id, names: ['Acme', 'Invoices', '2026'] });
    expect(again.json()).toEqual({ id: first.json().id, created: 0 });

    // Without a parent: Home of the private library.
    const home = await folderAtPath(cookie, { names: ['Scans'] });
    expect(home.json()).toEqual({ id: expect.any(String), created: 1 });
    expect((await list(cookie)).folders.map((f) => f.name).sort()).toEqual(['Clients', 'Scans']);
  });

  it("answers 404 for another user's parent and makes nothing there", async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const theirs = await createFolder(t.app, owner.cookie, 'Private');
    const response = await folderAtPath(stranger.cookie, { parentId: theirs.id, names: ['Mine'] });
    expect([response.statusCode, response.json()]).toEqual([404, { error: 'That folder was not found.', code: 'not_found' }]);
    expect((await list(owner.cookie, theirs.id)).folders).toEqual([]);
  });

  it('refuses an empty path, a name with a slash, and a path deeper than 16, with the field', async () => {
    const { cookie } = await signUp(t.app);
    const empty = await folderAtPath(cookie, { names: [] });
    expect([empty.statusCode, empty.json().error, empty.json().field]).toEqual([400, 'names: names is required', 'names']);
    const slash = await folderAtPath(cookie, { names: ['a/b'] });
    expect([slash.statusCode, slash.json()]).toEqual([400, { error: 'names.0: Folder name may not contain slashes or control characters', code: 'invalid_input', field: 'names.0' }]);
    const deep = await folderAtPath(cookie, { names: Array.from({ length: 17 }, (_, i) => `f${i}`) });
    expect([deep.statusCode, deep.json().error]).toEqual([400, 'names: A path is at most 16 folders deep']);
    expect((await list(cookie)).folders).toEqual([]);
  });
});
