import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileRecord } from '@contract/files';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import { createFolder, putToUploadUrl, requestUploadUrl, uploadThroughApi } from '../../../tests/support/files';
import { joinTeam, setTeamPlan } from '../../../tests/support/teams';

/** Issue 15 item 4: the team library, route by route of the files API. */

const DAY = 24 * 3600 * 1000;
type Person = Awaited<ReturnType<typeof signUp>>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

/** A team on Starter (3 seats): its owner, and the people who joined it with `roles`. */
async function starterTeam(t: TestApp, roles: ('admin' | 'member')[]) {
  const owner = await signUp(t.app);
  await setTeamPlan(t.database.db, owner.user.id, { premiumUntil: new Date(Date.now() + 30 * DAY), plan: 'starter' });
  t.userDataChanges.changed(); // a direct write: the payment service announces its own
  const members: Person[] = [];
  for (const role of roles) {
    const person = await signUp(t.app);
    await joinTeam(t.app, owner, person, role);
    members.push(person);
  }
  return { owner, members };
}

const names = (items: { name?: string; originalName?: string }[]) => items.map((item) => item.name ?? item.originalName).sort();

describe('the team library', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (method: Method, url: string, who: Person, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload }) });
  const list = async (who: Person, query: string) => {
    const response = await call('GET', `/api/files?${query}`, who);
    expect(response.statusCode).toBe(200);
    return response.json() as { folders: { name: string }[]; files: FileRecord[] };
  };
  const upload = (who: Person, name: string, options: { folderId?: string; scope?: 'private' | 'team' } = {}) =>
    uploadThroughApi(t.app, who.cookie, { name, bytes: Buffer.from(`bytes of ${name}`), type: 'text/plain', ...options });

  it('shows team folders and files to every member (list, folders, breadcrumbs, search, record, download) and to nobody else', async () => {
    const { owner, members } = await starterTeam(t, ['member']);
    const [bob] = members as [Person];
    const outsider = await signUp(t.app);

    const shared = await createFolder(t.app, owner.cookie, 'Shared plans', undefined, 'team');
    const inFolder = await upload(owner, 'plan-inside.txt', { folderId: shared.id });
    const atHome = await upload(owner, 'plan-home.txt', { scope: 'team' });
    const ownPrivate = await upload(owner, 'plan-private.txt');
    expect([inFolder.scope, atHome.scope, ownPrivate.scope]).toEqual(['team', 'team', 'private']);

    // List and folders: the team's Home and the folder, for the member.
    const home = await list(bob, 'scope=team');
    expect(names(home.folders)).toEqual(['Shared plans']);
    expect(names(home.files)).toEqual(['plan-home.txt']);
    expect(names((await list(bob, `folderId=${shared.id}`)).files)).toEqual(['plan-inside.txt']);
    // The member's private library holds none of it, nor the owner's private file.
    expect(await list(bob, '')).toEqual({ folders: [], files: [], nextCursor: null });
    // The outsider's team library is their own (empty) one; the folder's id is a 404.
    expect(await list(outsider, 'scope=team')).toEqual({ folders: [], files: [], nextCursor: null });
    expect((await call('GET', `/api/files?folderId=${shared.id}`, outsider)).statusCode).toBe(404);

    // Breadcrumbs.
    expect((await call('GET', `/api/folders/breadcrumbs/${shared.id}`, bob)).json()).toEqual([{ id: shared.id, name: 'Shared plans' }]);
    expect((await call('GET', `/api/folders/breadcrumbs/${shared.id}`, outsider)).statusCode).toBe(404);

    // Search: within the library asked for.
    const found = await list(bob, 'scope=team&search=plan');
    expect([names(found.folders), names(found.files)]).toEqual([['Shared plans'], ['plan-home.txt', 'plan-inside.txt']]);
    expect(names((await list(bob, 'search=plan')).files)).toEqual([]);
    expect(names((await list(outsider, 'scope=team&search=plan')).files)).toEqual([]);

    // The record: readable, not the member's to change.
    const record = await call('GET', `/api/files/${inFolder.id}`, bob);
    expect(record.statusCode).toBe(200);
    expect(record.json()).toMatchObject({ id: inFolder.id, scope: 'team', canModify: false, folderId: shared.id });
    expect((await call('GET', `/api/files/${inFolder.id}`, owner)).json()).toMatchObject({ canModify: true });
    expect((await call('GET', `/api/files/${inFolder.id}`, outsider)).statusCode).toBe(404);
    expect((await call('GET', `/api/files/${ownPrivate.id}`, bob)).statusCode).toBe(404);

    // Download.
    const download = await call('GET', `/api/files/${inFolder.id}/download`, bob);
    expect([download.statusCode, download.body]).toEqual([200, 'bytes of plan-inside.txt']);
    expect((await call('GET', `/api/files/${inFolder.id}/download`, outsider)).statusCode).toBe(404);
    expect((await call('GET', `/api/files/${ownPrivate.id}/download`, bob)).statusCode).toBe(404);
  });

  it('lets every member upload into the team library (slot, complete, record), and nobody else', async () => {
    const { owner, members } = await starterTeam(t, ['member']);
    const [bob] = members as [Person];
    const outsider = await signUp(t.app);
    const shared = await createFolder(t.app, owner.cookie, 'Inbox', undefined, 'team');

    const intoFolder = await upload(bob, 'from-bob.txt', { folderId: shared.id });
    const intoHome = await upload(bob, 'bob-home.txt', { scope: 'team' });
    expect([intoFolder.scope, intoFolder.folderId, intoHome.scope, intoHome.folderId]).toEqual(['team', shared.id, 'team', null]);
    expect(names((await list(owner, `folderId=${shared.id}`)).files)).toEqual(['from-bob.txt']);
    expect(names((await list(owner, 'scope=team')).files)).toEqual(['bob-home.txt']);

    // A folder of the team library with scope 'private' is a contradiction: 400, nothing kept.
    const slot = await requestUploadUrl(t.app, bob.cookie);
    expect((await putToUploadUrl(t.app, slot, Buffer.from('x'), 'text/plain')).status).toBe(200);
    const done = await call('PUT', '/api/files/upload-complete', bob, { fileURL: slot });
    const objectPath = (done.json() as { objectPath: string }).objectPath;
    const mixed = await call('POST', '/api/files', bob, { originalName: 'x.txt', objectPath, folderId: shared.id, scope: 'private' });
    expect([mixed.statusCode, mixed.json().code]).toEqual([400, 'invalid_input']);

    // Another team's member: their own upload cannot be recorded into this team's folder (404),
    // and this team's upload link is not theirs to complete (404).
    const theirs = await requestUploadUrl(t.app, outsider.cookie);
    expect((await putToUploadUrl(t.app, theirs, Buffer.from('intruder'), 'text/plain')).status).toBe(200);
    const theirPath = ((await call('PUT', '/api/files/upload-complete', outsider, { fileURL: theirs })).json() as { objectPath: string }).objectPath;
    const intrude = await call('POST', '/api/files', outsider, { originalName: 'intruder.txt', objectPath: theirPath, folderId: shared.id });
    expect(intrude.statusCode).toBe(404);
    expect((await call('PUT', '/api/files/upload-complete', outsider, { fileURL: slot })).statusCode).toBe(404);
    // Nor can they make a folder inside it.
    expect((await call('POST', '/api/folders', outsider, { name: 'Mine now', parentId: shared.id })).statusCode).toBe(404);
    expect(names((await list(owner, `folderId=${shared.id}`)).files)).toEqual(['from-bob.txt']);
    expect(names((await list(owner, `folderId=${shared.id}`)).folders)).toEqual([]);
  });

  it('lets the uploader, admins and the owner rename, move and delete; a plain member cannot touch another member\'s file', async () => {
    const { owner, members } = await starterTeam(t, ['member', 'admin']);
    const [bob, carol] = members as [Person, Person];
    const outsider = await signUp(t.app);
    const shared = await createFolder(t.app, owner.cookie, 'Contracts', undefined, 'team');
    const ownerFile = await upload(owner, 'owner.txt', { folderId: shared.id });
    const bobFile = await upload(bob, 'bob.txt', { folderId: shared.id });

    // The plain member: 403 with a sentence on the owner's file, which stays as it was.
    const rename = await call('PATCH', `/api/files/${ownerFile.id}`, bob, { originalName: 'mine.txt' });
    expect([rename.statusCode, rename.json()]).toEqual([
      403,
      { error: 'Only the person who added this file, a team admin or the team owner can rename it.', code: 'forbidden' },
    ]);
    expect((await call('PATCH', `/api/files/${ownerFile.id}`, bob, { folderId: null })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/files/${ownerFile.id}`, bob)).statusCode).toBe(403);
    expect(names((await list(owner, `folderId=${shared.id}`)).files)).toEqual(['bob.txt', 'owner.txt']);

    // ...and may change their own.
    const renamed = await call('PATCH', `/api/files/${bobFile.id}`, bob, { originalName: 'bob-v2.txt' });
    expect([renamed.statusCode, renamed.json().originalName, renamed.json().scope]).toEqual([200, 'bob-v2.txt', 'team']);
    const moved = await call('PATCH', `/api/files/${bobFile.id}`, bob, { folderId: null });
    expect([moved.statusCode, moved.json().folderId, moved.json().scope]).toEqual([200, null, 'team']);

    // The admin may change anyone's; the owner too.
    expect((await call('PATCH', `/api/files/${ownerFile.id}`, carol, { originalName: 'by-admin.txt' })).json().originalName).toBe('by-admin.txt');
    expect((await call('PATCH', `/api/files/${bobFile.id}`, owner, { folderId: shared.id })).json().folderId).toBe(shared.id);
    expect((await call('DELETE', `/api/files/${bobFile.id}`, carol)).json()).toEqual({ ok: true, deletedFiles: 1, deletedFolders: 0 });
    expect(names((await list(bob, `folderId=${shared.id}`)).files)).toEqual(['by-admin.txt']);

    // Another team: 404 on every write.
    expect((await call('PATCH', `/api/files/${ownerFile.id}`, outsider, { originalName: 'x.txt' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/files/${ownerFile.id}`, outsider)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/folders/${shared.id}`, outsider, { name: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/folders/${shared.id}`, outsider)).statusCode).toBe(404);

    // Folders: the owner's folder is not the plain member's to rename or delete.
    expect((await call('PATCH', `/api/folders/${shared.id}`, bob, { name: 'Bob rules' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/folders/${shared.id}`, bob)).statusCode).toBe(403);
    // A subfolder made inside a team folder is a team folder; its maker renames it.
    const sub = await createFolder(t.app, bob.cookie, 'Drafts', shared.id);
    expect((await call('PATCH', `/api/folders/${sub.id}`, bob, { name: 'Bob drafts' })).json()).toMatchObject({ name: 'Bob drafts', scope: 'team', canModify: true });
    // Once another member's file is in it, its maker can no longer delete it with that file.
    await upload(owner, 'owner-draft.txt', { folderId: sub.id });
    const refused = await call('DELETE', `/api/folders/${sub.id}`, bob);
    expect([refused.statusCode, refused.json().error]).toEqual([
      403,
      'This folder holds files or folders other members added: only a team admin or the team owner can delete it.',
    ]);
    expect(names((await list(owner, `folderId=${sub.id}`)).files)).toEqual(['owner-draft.txt']);
    // A team folder does not move into a private one.
    const privateFolder = await createFolder(t.app, owner.cookie, 'Mine');
    const across = await call('PATCH', `/api/folders/${sub.id}`, owner, { parentId: privateFolder.id });
    expect([across.statusCode, across.json().field]).toEqual([400, 'parentId']);
    // The admin deletes it with everything in it.
    expect((await call('DELETE', `/api/folders/${sub.id}`, carol)).json()).toEqual({ ok: true, deletedFiles: 1, deletedFolders: 1 });
  });

  it('moves a file between the private and team libraries for whoever may delete it', async () => {
    const { owner, members } = await starterTeam(t, ['member', 'admin']);
    const [bob, carol] = members as [Person, Person];
    const shared = await createFolder(t.app, owner.cookie, 'Shared', undefined, 'team');
    const mine = await upload(bob, 'notes.txt');
    expect((await call('GET', `/api/files/${mine.id}`, owner)).statusCode).toBe(404);

    // Private → team Home, then into a team folder; the owner sees it, the uploader stays.
    const shared1 = await call('PATCH', `/api/files/${mine.id}`, bob, { scope: 'team' });
    expect(shared1.json()).toMatchObject({ scope: 'team', folderId: null, canModify: true });
    expect(names((await list(owner, 'scope=team')).files)).toEqual(['notes.txt']);
    expect(names((await list(bob, '')).files)).toEqual([]);
    // Back to private: gone from the team.
    expect((await call('PATCH', `/api/files/${mine.id}`, bob, { scope: 'private' })).json()).toMatchObject({ scope: 'private', folderId: null });
    expect((await call('GET', `/api/files/${mine.id}`, owner)).statusCode).toBe(404);
    // A team folder as the destination moves it into the team library too.
    expect((await call('PATCH', `/api/files/${mine.id}`, bob, { folderId: shared.id })).json()).toMatchObject({ scope: 'team', folderId: shared.id });

    // A plain member cannot take the owner's team file into their private library.
    const ownerFile = await upload(owner, 'budget.txt', { scope: 'team' });
    expect((await call('PATCH', `/api/files/${ownerFile.id}`, bob, { scope: 'private' })).statusCode).toBe(403);
    // An admin may: it becomes the admin's private file, out of everyone else's sight.
    expect((await call('PATCH', `/api/files/${mine.id}`, carol, { scope: 'private' })).json()).toMatchObject({ scope: 'private', canModify: true });
    expect(names((await list(carol, '')).files)).toEqual(['notes.txt']);
    expect((await call('GET', `/api/files/${mine.id}`, bob)).statusCode).toBe(404);
  });

  it('cuts a removed member off at once: the team listing, the record, and a download link they held', async () => {
    const { owner, members } = await starterTeam(t, ['member']);
    const [bob] = members as [Person];
    const shared = await createFolder(t.app, owner.cookie, 'Secret', undefined, 'team');
    const file = await upload(owner, 'secret.txt', { folderId: shared.id });
    const bobsTeamFile = await upload(bob, 'bob-shared.txt', { scope: 'team' });
    const bobsPrivate = await upload(bob, 'bob-own.txt');
    const link = `/api/files/${file.id}/download`;
    expect((await call('GET', link, bob)).statusCode).toBe(200);

    expect((await call('DELETE', `/api/team/members/${bob.user.id}`, owner)).statusCode).toBe(200);

    expect((await call('GET', link, bob)).statusCode).toBe(404);
    expect((await call('GET', `/api/files/${file.id}`, bob)).statusCode).toBe(404);
    expect((await call('GET', `/api/files?folderId=${shared.id}`, bob)).statusCode).toBe(404);
    expect((await call('GET', `/api/files/${bobsTeamFile.id}/download`, bob)).statusCode).toBe(404);
    expect(await list(bob, 'scope=team')).toEqual({ folders: [], files: [], nextCursor: null });
    // What they put in the team library stays the team's; their private files stay theirs.
    expect(names((await list(owner, 'scope=team')).files)).toEqual(['bob-shared.txt']);
    expect(names((await list(bob, '')).files)).toEqual(['bob-own.txt']);
    expect((await call('GET', `/api/files/${bobsPrivate.id}/download`, bob)).statusCode).toBe(200);
  });

  it('gives a team library back to its uploaders when the team is deleted (its last member joined another team)', async () => {
    const { owner } = await starterTeam(t, []);
    const eve = await signUp(t.app);
    const folder = await createFolder(t.app, eve.cookie, 'Eve team', undefined, 'team');
    const file = await upload(eve, 'eve.txt', { folderId: folder.id });
    await joinTeam(t.app, owner, eve);

    const record = await call('GET', `/api/files/${file.id}`, eve);
    expect(record.json()).toMatchObject({ scope: 'private', folderId: null, canModify: true });
    expect(names((await list(eve, '')).files)).toEqual(['eve.txt']);
    expect(await list(eve, 'scope=team')).toEqual({ folders: [], files: [], nextCursor: null });
  });

  it('keeps private and team folder names apart: the same name may exist in both, not twice in the team', async () => {
    const { owner, members } = await starterTeam(t, ['member']);
    const [bob] = members as [Person];
    await createFolder(t.app, owner.cookie, 'Reports');
    await createFolder(t.app, owner.cookie, 'Reports', undefined, 'team');
    const twice = await call('POST', '/api/folders', bob, { name: 'Reports', scope: 'team' });
    expect([twice.statusCode, twice.json().error]).toEqual([409, 'A folder with that name already exists here.']);
    const bad = await call('POST', '/api/folders', bob, { name: 'X', scope: 'everyone' });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'invalid_input']);
  });
});

describe('the team library in the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('documents scope on listings, new folders, new files and moves, and GET /api/storage', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const listParams = (doc.paths['/api/files'].get.parameters as { name: string }[]).map((p) => p.name);
    expect(listParams).toContain('scope');
    const bodyOf = (path: string, method: string) => Object.keys(doc.paths[path][method].requestBody.content['application/json'].schema.properties);
    expect(bodyOf('/api/folders', 'post')).toContain('scope');
    expect(bodyOf('/api/files', 'post')).toContain('scope');
    expect(bodyOf('/api/files/{id}', 'patch')).toContain('scope');
    expect(Object.keys(doc.paths['/api/storage'].get.responses)).toContain('200');
  });
});

describe('team storage', () => {
  const LIMIT = 1000;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { STORAGE_LIMIT_BYTES: String(LIMIT), FILES_CLEANUP_INTERVAL_MINUTES: '0' } });
  });
  afterAll(() => t.close());

  const storage = async (who: Person) => (await t.app.inject({ method: 'GET', url: '/api/storage', headers: { cookie: who.cookie } })).json();
  const put = async (who: Person, bytes: number, scope: 'private' | 'team') => {
    const slot = await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie: who.cookie } });
    if (slot.statusCode !== 200) return { status: slot.statusCode, body: slot.json() as unknown };
    const uploadURL = slot.json().uploadURL as string;
    const sent = await putToUploadUrl(t.app, uploadURL, Buffer.alloc(bytes, 'a'), 'text/plain');
    if (sent.status !== 200) return { status: sent.status, body: JSON.parse(sent.body) as unknown };
    const done = await t.app.inject({ method: 'PUT', url: '/api/files/upload-complete', headers: { cookie: who.cookie }, payload: { fileURL: uploadURL } });
    const objectPath = (done.json() as { objectPath: string }).objectPath;
    const record = await t.app.inject({ method: 'POST', url: '/api/files', headers: { cookie: who.cookie }, payload: { originalName: 'a.txt', objectPath, scope } });
    return { status: record.statusCode, body: record.json() as unknown };
  };

  it('counts the team library and every member\'s private files against one limit, STORAGE_LIMIT_BYTES per member', async () => {
    const { owner, members } = await starterTeam(t, ['member']);
    const [bob] = members as [Person];
    const solo = await signUp(t.app);
    expect(await storage(owner)).toEqual({ usedBytes: 0, limitBytes: 2 * LIMIT, seats: 2 });
    expect(await storage(solo)).toEqual({ usedBytes: 0, limitBytes: LIMIT, seats: 1 });

    // The owner alone stores more than one seat's worth: the team's sum allows it.
    expect((await put(owner, 1500, 'private')).status).toBe(201);
    // The member's team upload would pass 2,000 bytes with the owner's private files: refused.
    const full = await put(bob, 600, 'team');
    expect(full).toEqual({
      status: 413,
      body: { error: `This upload would exceed your team's storage limit of ${2 * LIMIT} bytes (2 members). Delete some files to make room.`, code: 'storage_full' },
    });
    expect((await put(bob, 500, 'team')).status).toBe(201);
    expect(await storage(bob)).toEqual({ usedBytes: 2 * LIMIT, limitBytes: 2 * LIMIT, seats: 2 });
    // Full: not even an upload link.
    expect((await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers: { cookie: bob.cookie } })).statusCode).toBe(413);
    // Another team is not touched by this one's use.
    expect((await put(solo, 900, 'private')).status).toBe(201);
    expect(await storage(solo)).toEqual({ usedBytes: 900, limitBytes: LIMIT, seats: 1 });
  });
});
