import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileRecord } from '@contract/files';
import { files, folders } from '../../db/schema/files';
import { createFolder, uploadThroughApi } from '../../../tests/support/files';
import { joinTeam, setTeamPlan } from '../../../tests/support/teams';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';

/**
 * Issue 38 item 1: a plain member's erasure (or removal, then erasure) never deletes what other
 * people put in the team library. The folders the member made there pass to the team's owner.
 */
const DAY = 24 * 3600 * 1000;
type Person = Awaited<ReturnType<typeof signUp>>;

describe('erasure and the team library', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: Person, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload }) });
  const upload = (who: Person, name: string, folderId: string) =>
    uploadThroughApi(t.app, who.cookie, { name, bytes: Buffer.from(`the bytes of ${name}`), type: 'text/plain', folderId });

  /**
   * A Starter team: the member makes "Shared contracts" (and "Signed" inside it) in the team
   * library; the owner files one document into each, the member one of their own.
   */
  async function sharedFolders() {
    const owner = await signUp(t.app);
    await setTeamPlan(t.database.db, owner.user.id, { premiumUntil: new Date(Date.now() + 30 * DAY), plan: 'starter' });
    t.userDataChanges.changed();
    const member = await signUp(t.app);
    await joinTeam(t.app, owner, member, 'member');
    const shared = await createFolder(t.app, member.cookie, 'Shared contracts', undefined, 'team');
    const signed = await createFolder(t.app, member.cookie, 'Signed', shared.id);
    const lease = await upload(owner, 'lease.txt', shared.id);
    const deed = await upload(owner, 'deed.txt', signed.id);
    const draft = await upload(member, 'member-draft.txt', shared.id);
    return { owner, member, shared, signed, lease, deed, draft };
  }

  async function expectOwnerKeepsEverything(setup: Awaited<ReturnType<typeof sharedFolders>>) {
    const { owner, shared, signed, lease, deed } = setup;
    for (const file of [lease, deed] as FileRecord[]) {
      const download = await call('GET', `/api/files/${file.id}/download`, owner);
      expect([download.statusCode, download.body]).toEqual([200, `the bytes of ${file.originalName}`]);
    }
    const inShared = (await call('GET', `/api/files?folderId=${shared.id}`, owner)).json();
    expect(inShared.folders.map((f: { name: string }) => f.name)).toEqual(['Signed']);
    expect(inShared.files.map((f: FileRecord) => f.originalName)).toEqual(['lease.txt']);
    const inSigned = (await call('GET', `/api/files?folderId=${signed.id}`, owner)).json();
    expect(inSigned.files.map((f: FileRecord) => f.originalName)).toEqual(['deed.txt']);
    // The folders are the owner's now (the team's: its owner stands for it).
    const rows = await t.database.db.select({ id: folders.id, userId: folders.userId }).from(folders).where(inArray(folders.id, [shared.id, signed.id]));
    expect(rows.map((r) => r.userId)).toEqual([owner.user.id, owner.user.id]);
    // The owner's two file rows are there and still theirs, in the team library.
    const fileRows = await t.database.db
      .select({ userId: files.userId, teamId: files.teamId, folderId: files.folderId })
      .from(files)
      .where(inArray(files.id, [lease.id, deed.id]));
    expect(fileRows.map((r) => r.userId)).toEqual([owner.user.id, owner.user.id]);
    expect(fileRows.every((r) => r.teamId !== null)).toBe(true);
  }

  it("a member's erasure keeps the owner's files in the member's team folders; the folders pass to the owner", async () => {
    const setup = await sharedFolders();
    const erased = await call('DELETE', '/api/user', setup.member, { password: setup.member.password });
    expect([erased.statusCode, erased.json()]).toEqual([200, { status: 'erased' }]);
    await expectOwnerKeepsEverything(setup);
    // What the member uploaded themselves went with their account.
    expect(await t.database.db.select().from(files).where(eq(files.id, setup.draft.id))).toEqual([]);
  });

  it('removal passes the folders to the owner at once, and a later erasure deletes nothing of anyone else', async () => {
    const setup = await sharedFolders();
    const removed = await call('DELETE', `/api/team/members/${setup.member.user.id}`, setup.owner);
    expect(removed.statusCode).toBe(200);
    const rows = await t.database.db.select({ userId: folders.userId }).from(folders).where(inArray(folders.id, [setup.shared.id, setup.signed.id]));
    expect(rows.map((r) => r.userId)).toEqual([setup.owner.user.id, setup.owner.user.id]);

    const erased = await call('DELETE', '/api/user', setup.member, { password: setup.member.password });
    expect([erased.statusCode, erased.json()]).toEqual([200, { status: 'erased' }]);
    await expectOwnerKeepsEverything(setup);
  });

  it('leaving the team passes the folders to the owner too', async () => {
    const setup = await sharedFolders();
    expect((await call('POST', '/api/team/leave', setup.member)).statusCode).toBe(200);
    const rows = await t.database.db.select({ userId: folders.userId }).from(folders).where(inArray(folders.id, [setup.shared.id, setup.signed.id]));
    expect(rows.map((r) => r.userId)).toEqual([setup.owner.user.id, setup.owner.user.id]);
  });

  it("a member's erasure keeps the bytes of a file of theirs the owner took into a private library", async () => {
    const setup = await sharedFolders();
    // The owner moves the member's team file to their own private Home: it is the owner's now,
    // though its bytes stay under the member's key prefix.
    const moved = await t.app.inject({ method: 'PATCH', url: `/api/files/${setup.draft.id}`, headers: { cookie: setup.owner.cookie }, payload: { scope: 'private' } });
    expect([moved.statusCode, moved.json().scope]).toEqual([200, 'private']);
    const erased = await call('DELETE', '/api/user', setup.member, { password: setup.member.password });
    expect([erased.statusCode, erased.json()]).toEqual([200, { status: 'erased' }]);
    const download = await call('GET', `/api/files/${setup.draft.id}/download`, setup.owner);
    expect([download.statusCode, download.body]).toEqual([200, 'the bytes of member-draft.txt']);
  });

  it("a sole owner's erasure hands a former member's team files back to them, not to the erasure", async () => {
    const setup = await sharedFolders();
    // The member is removed; what they uploaded stays with the team, in the owner's folders now.
    expect((await call('DELETE', `/api/team/members/${setup.member.user.id}`, setup.owner)).statusCode).toBe(200);
    const erased = await call('DELETE', '/api/user', setup.owner, { password: setup.owner.password });
    expect([erased.statusCode, erased.json()]).toEqual([200, { status: 'erased' }]);
    // The team went with its last member; its files went back to their uploaders' private Home.
    const download = await call('GET', `/api/files/${setup.draft.id}/download`, setup.member);
    expect([download.statusCode, download.body]).toEqual([200, 'the bytes of member-draft.txt']);
    const [row] = await t.database.db.select({ userId: files.userId, teamId: files.teamId, folderId: files.folderId }).from(files).where(eq(files.id, setup.draft.id));
    expect(row).toEqual({ userId: setup.member.user.id, teamId: null, folderId: null });
  });
});
