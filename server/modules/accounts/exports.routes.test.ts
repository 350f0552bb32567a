import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStore } from '../../adapters/storage/local-disk-store';
import { payments } from '../../db/schema/commerce';
import { ManualClock } from '../../lib/clock';
import { createFolder, PNG_1PX, uploadThroughApi } from '../../../tests/support/files';
import { joinTeam, setTeamPlan } from '../../../tests/support/teams';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';

const NOW = new Date('2026-05-04T09:00:00Z');
type Person = Awaited<ReturnType<typeof signUp>>;

describe('data export (POST /api/user/export, GET /api/user/export/:id)', () => {
  let t: TestApp;
  let alice: Person;
  let bob: Person;
  const clock = new ManualClock(NOW);

  beforeAll(async () => {
    t = await createTestApp({ deps: { clock } });
    alice = await signUp(t.app);
    bob = await signUp(t.app);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, who?: Person) => t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {} });
  const exportOf = async (who: Person) => {
    const started = await call('POST', '/api/user/export', who);
    expect(started.statusCode).toBe(202);
    expect(started.json().status).toBe('building');
    await t.app.userExports.idle();
    return started.json().id as string;
  };

  it('refuses a visitor (401)', async () => {
    expect((await call('POST', '/api/user/export')).statusCode).toBe(401);
    expect((await call('GET', `/api/user/export/${crypto.randomUUID()}`)).statusCode).toBe(401);
  });

  it('archives conversations (JSON and Markdown), files in their folders, profile, payments, feedback and a README', async () => {
    const chat = await t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie: alice.cookie }, payload: { message: 'What does ephemeral mean?', mode: 'dictionary' } });
    expect(chat.statusCode).toBe(200);
    const { conversationId, messageId } = chat.json() as { conversationId: string; messageId: string };
    const rated = await t.app.inject({ method: 'POST', url: '/api/chat/feedback', headers: { cookie: alice.cookie }, payload: { messageId, feedback: 'positive' } });
    expect(rated.statusCode).toBe(200);
    const reports = await createFolder(t.app, alice.cookie, 'Reports');
    const year = await createFolder(t.app, alice.cookie, '2026', reports.id);
    await uploadThroughApi(t.app, alice.cookie, { name: 'notes.txt', bytes: Buffer.from('quarterly notes'), type: 'text/plain', folderId: year.id });
    await uploadThroughApi(t.app, alice.cookie, { name: 'pixel.png', bytes: PNG_1PX, type: 'image/png' });
    // The same name twice in one folder: both kept.
    await uploadThroughApi(t.app, alice.cookie, { name: 'pixel.png', bytes: PNG_1PX, type: 'image/png' });
    await t.database.db.insert(payments).values({ userId: alice.user.id, cryptocurrency: 'BTC', amount: '0.001', amountUsd: '29.00', status: 'confirmed', plan: 'starter', txHash: `tx-${alice.user.id}` });

    const id = await exportOf(alice);
    const listed = (await call('GET', '/api/user/exports', alice)).json().exports as { id: string; status: string; downloadUrl: string | null; size: number }[];
    expect(listed.map((e) => [e.id, e.status, e.downloadUrl])).toEqual([[id, 'ready', `/api/user/export/${id}`]]);

    const download = await call('GET', `/api/user/export/${id}`, alice);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toBe('attachment; filename="genie-export-2026-05-04.zip"');
    expect(download.rawPayload.length).toBe(listed[0]!.size);

    const zip = await JSZip.loadAsync(download.rawPayload);
    const names = Object.keys(zip.files).sort();
    const conversationStem = names.find((n) => n.startsWith('conversations/') && n.endsWith('.json'))!.slice(0, -'.json'.length);
    expect(names).toEqual(
      [
        'README.txt',
        `${conversationStem}.json`,
        `${conversationStem}.md`,
        'feedback.json',
        'files/Reports/2026/notes.txt',
        'files/pixel (2).png',
        'files/pixel.png',
        'payments.json',
        'profile.json',
      ].sort(),
    );
    const title = (await call('GET', `/api/conversations/${conversationId}`, alice)).json().conversation.title as string;
    expect(title).toBe('What does ephemeral mean?');
    // `?` is no name on Windows: it becomes `_`; the id's first 8 keep two same titles apart.
    expect(conversationStem).toBe(`conversations/2026-05-04 What does ephemeral mean_ ${conversationId.slice(0, 8)}`);
    expect(await zip.file('files/Reports/2026/notes.txt')!.async('string')).toBe('quarterly notes');
    expect(Buffer.from(await zip.file('files/pixel.png')!.async('uint8array')).equals(PNG_1PX)).toBe(true);
    const profile = JSON.parse(await zip.file('profile.json')!.async('string'));
    expect([profile.id, profile.email, profile.username, profile.team.role]).toEqual([alice.user.id, alice.user.email, alice.user.username, 'owner']);
    expect(JSON.parse(await zip.file('payments.json')!.async('string')).map((p: { amountUsd: string; txHash: string }) => [p.amountUsd, p.txHash])).toEqual([['29.00', `tx-${alice.user.id}`]]);
    expect(JSON.parse(await zip.file('feedback.json')!.async('string')).map((f: { messageId: string; feedback: string }) => [f.messageId, f.feedback])).toEqual([[messageId, 'positive']]);
    const conversation = JSON.parse(await zip.file(`${conversationStem}.json`)!.async('string'));
    expect(conversation.id).toBe(conversationId);
    expect(conversation.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(conversation.messages[0].content).toBe('What does ephemeral mean?');
    const markdown = await zip.file(`${conversationStem}.md`)!.async('string');
    expect(markdown).toContain('## You · ');
    expect(markdown).toContain('What does ephemeral mean?');
    expect(markdown).toContain('- Your feedback: positive');
    expect(await zip.file('README.txt')!.async('string')).toContain(`Genie data export for ${alice.user.username}`);
  });

  it("answers 404 for another user's export id, an unknown id, and 400 for a malformed one", async () => {
    const id = await exportOf(alice);
    const stranger = await call('GET', `/api/user/export/${id}`, bob);
    expect([stranger.statusCode, stranger.json().code]).toEqual([404, 'not_found']);
    expect((await call('GET', `/api/user/export/${crypto.randomUUID()}`, alice)).statusCode).toBe(404);
    const malformed = await call('GET', '/api/user/export/not-an-id', alice);
    expect([malformed.statusCode, malformed.json().code]).toEqual([400, 'invalid_input']);
    // Bob's list does not show Alice's exports either.
    expect((await call('GET', '/api/user/exports', bob)).json().exports).toEqual([]);
  });

  it("holds the private library only: no team-library file, not even one the person uploaded, as a member or after leaving", async () => {
    const owner = await signUp(t.app);
    await setTeamPlan(t.database.db, owner.user.id, { plan: 'starter', premiumUntil: new Date(NOW.getTime() + 30 * 24 * 3600 * 1000) });
    t.userDataChanges.changed();
    const member = await signUp(t.app);
    await joinTeam(t.app, owner, member, 'member');
    const text = (name: string) => ({ name, bytes: Buffer.from(`bytes of ${name}`), type: 'text/plain' });
    const teamFolder = await createFolder(t.app, member.cookie, 'Team plans', undefined, 'team');
    await uploadThroughApi(t.app, member.cookie, { ...text('team-plan.txt'), folderId: teamFolder.id });
    await uploadThroughApi(t.app, member.cookie, { ...text('team-home.txt'), scope: 'team' });
    await uploadThroughApi(t.app, owner.cookie, { ...text('owner-team.txt'), folderId: teamFolder.id });
    const ownFolder = await createFolder(t.app, member.cookie, 'Mine');
    await uploadThroughApi(t.app, member.cookie, { ...text('private.txt'), folderId: ownFolder.id });
    const filesIn = async () => {
      const id = await exportOf(member);
      const zip = await JSZip.loadAsync((await call('GET', `/api/user/export/${id}`, member)).rawPayload);
      return Object.keys(zip.files).filter((name) => name.startsWith('files/') && !name.endsWith('/')).sort();
    };
    expect(await filesIn()).toEqual(['files/Mine/private.txt']);
    expect((await call('POST', '/api/team/leave', member)).statusCode).toBe(200);
    expect(await filesIn()).toEqual(['files/Mine/private.txt']);
  });

  it('exports an empty account too', async () => {
    const id = await exportOf(bob);
    const zip = await JSZip.loadAsync((await call('GET', `/api/user/export/${id}`, bob)).rawPayload);
    expect(Object.keys(zip.files).sort()).toEqual(['README.txt', 'feedback.json', 'payments.json', 'profile.json']);
  });

  it('downloads for 24 hours; then 404, and the sweep removes the object', async () => {
    const carol = await signUp(t.app);
    const id = await exportOf(carol);
    clock.advance(23 * 3600 * 1000);
    expect((await call('GET', `/api/user/export/${id}`, carol)).statusCode).toBe(200);
    clock.advance(2 * 3600 * 1000);
    expect((await call('GET', `/api/user/export/${id}`, carol)).statusCode).toBe(404);
    const before = await t.app.accountsTick();
    expect(before.expiredExports).toBeGreaterThanOrEqual(1);
    const keys: string[] = [];
    for await (const object of new LocalDiskStore(join(t.dataDir, 'objects')).list(`exports/${carol.user.id}/`)) keys.push(object.key);
    expect(keys).toEqual([]);
  });
});
