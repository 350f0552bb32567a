import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema/files';
import { adminHeaders, createAdminTestApp } from '../../../tests/support/admin-app';
import { uploadThroughApi } from '../../../tests/support/files';
import { search } from '../../../tests/support/search';
import { joinTeam, setTeamPlan } from '../../../tests/support/teams';
import { signUp, type TestApp } from '../../../tests/support/test-app';

/**
 * Issue 47: a file whose indexing failed could never be tried again. POST /api/files/:id/reindex
 * (whoever may change the file: its uploader, the team's owner or admins) and
 * POST /api/admin/files/:id/reindex put it back in the queue.
 */
describe('retrying a failed file', () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let member: Awaited<ReturnType<typeof signUp>>;
  let stranger: Awaited<ReturnType<typeof signUp>>;
  let fileId: string;

  beforeAll(async () => {
    t = await createAdminTestApp();
    owner = await signUp(t.app);
    member = await signUp(t.app);
    stranger = await signUp(t.app);
    await setTeamPlan(t.database.db, owner.user.id, { premiumUntil: new Date(Date.now() + 30 * 86_400_000), plan: 'starter' });
    await joinTeam(t.app, owner, member, 'member');
    fileId = (await uploadThroughApi(t.app, owner.cookie, { name: 'minutes.md', bytes: Buffer.from('# Minutes\n\nThe quokka budget was approved.\n'), type: 'text/markdown', scope: 'team' })).id;
    await settled();
  }, 120_000);
  afterAll(() => t.close());

  const fail = () => t.database.db.update(files).set({ indexStatus: 'failed', indexError: 'The reader stopped three times.', indexAttempts: 3 }).where(eq(files.id, fileId));
  const retry = (headers: Record<string, string>, id = fileId, admin = false) =>
    t.app.inject({ method: 'POST', url: admin ? `/api/admin/files/${id}/reindex` : `/api/files/${id}/reindex`, headers });
  /** Waits until the indexer has dealt with the file (it is in the team library, which waitForIndexing does not list). */
  const settled = async () => {
    for (let round = 0; round < 3000; round++) {
      const current = await row();
      if (current && current.status !== 'pending' && current.status !== 'indexing') return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('indexing did not finish');
  };
  const row = async () => (await t.database.db.select({ status: files.indexStatus, error: files.indexError, attempts: files.indexAttempts }).from(files).where(eq(files.id, fileId)))[0];

  it('lets the uploader retry: the file is queued with its failures cleared, then indexed and found', async () => {
    await fail();
    const response = await retry({ cookie: owner.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: fileId, indexStatus: 'pending' });
    await settled();
    expect(await row()).toEqual({ status: 'indexed', error: null, attempts: 0 });
    expect((await search(t.app, owner.cookie, 'quokka budget'))[0]).toMatchObject({ fileId });
  });

  it('refuses a team member who may not change the file (403), a stranger (404) and a file that has not failed (409)', async () => {
    await fail();
    const asMember = await retry({ cookie: member.cookie });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toEqual({ error: 'Only the person who added this file, a team admin or the team owner can retry indexing it.', code: 'forbidden' });
    const asStranger = await retry({ cookie: stranger.cookie });
    expect(asStranger.statusCode).toBe(404);
    expect(asStranger.json()).toMatchObject({ code: 'not_found' });
    expect((await retry({})).statusCode).toBe(401);
    expect(await row()).toEqual({ status: 'failed', error: 'The reader stopped three times.', attempts: 3 });

    await t.database.db.update(files).set({ indexStatus: 'indexed', indexError: null, indexAttempts: 0 }).where(eq(files.id, fileId));
    const notFailed = await retry({ cookie: owner.cookie });
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json()).toEqual({ error: 'Only a file whose indexing failed can be retried.', code: 'conflict' });
  });

  it('lets an admin retry any file by id, and no one else through the admin path', async () => {
    await fail();
    expect((await retry({ cookie: owner.cookie }, fileId, true)).statusCode).toBe(401);
    const response = await retry(await adminHeaders(t.app), fileId, true);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: fileId, indexStatus: 'pending' });
    await settled();
    expect(await row()).toEqual({ status: 'indexed', error: null, attempts: 0 });
    const unknown = await retry(await adminHeaders(t.app), '00000000-0000-4000-8000-000000000000', true);
    expect(unknown.statusCode).toBe(404);
  });
});
