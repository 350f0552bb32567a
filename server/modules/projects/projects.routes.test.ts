import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeProviderEnv } from '../../../tests/fakes/chat-helpers';
import { startFakeModelServer, type FakeModelServer } from '../../../tests/fakes/fake-model-server';
import { uploadThroughApi } from '../../../tests/support/files';
import { waitForIndexing } from '../../../tests/support/search';
import { joinTeam, starterTeamAndOutsider } from '../../../tests/support/teams';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';

/** Issue 42: projects, their rules, their instructions in the system prompt and their pinned files. */

type Person = Awaited<ReturnType<typeof signUp>>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe('projects', () => {
  let fake: FakeModelServer;
  let t: TestApp;
  let owner: Person;
  let member: Person;
  let outsider: Person;

  beforeAll(async () => {
    fake = await startFakeModelServer();
    t = await createTestApp({ env: fakeProviderEnv(fake.url, { CHAT_RATE_LIMIT_PER_MINUTE: '1000', EXTRACTION_TIMEOUT_SECONDS: '300' }) });
    ({ owner, member, outsider } = await starterTeamAndOutsider(t));
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.setBehaviour({ kind: 'normal' });
    fake.requests.length = 0;
  });

  const call = (method: Method, url: string, who: Person, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload }) });
  const create = async (who: Person, payload: Record<string, unknown>) => {
    const response = await call('POST', '/api/projects', who, payload);
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; name: string; scope: string; canEdit: boolean; createdBy: string };
  };
  const systemOfLastRequest = () => {
    const chats = fake.requests.filter((r) => r.path.endsWith('/chat/completions'));
    return chats[chats.length - 1]!.body!.messages![0]!;
  };

  it('creates, lists, changes and deletes a private project, which nobody else sees (404)', async () => {
    const created = await create(owner, { name: '  Q3 launch ', instructions: 'Answer in French.' });
    expect(created).toMatchObject({ name: 'Q3 launch', scope: 'private', canEdit: true, createdBy: owner.user.username });
    expect((await call('GET', '/api/projects', owner)).json().projects.map((p: { id: string }) => p.id)).toContain(created.id);
    expect((await call('GET', '/api/projects', member)).json().projects.map((p: { id: string }) => p.id)).not.toContain(created.id);

    for (const who of [member, outsider]) {
      expect((await call('GET', `/api/projects/${created.id}`, who)).statusCode).toBe(404);
      expect((await call('PATCH', `/api/projects/${created.id}`, who, { name: 'Mine now' })).statusCode).toBe(404);
      expect((await call('DELETE', `/api/projects/${created.id}`, who)).statusCode).toBe(404);
      expect((await call('GET', `/api/projects/${created.id}/conversations`, who)).statusCode).toBe(404);
    }

    const renamed = await call('PATCH', `/api/projects/${created.id}`, owner, { name: 'Q4 launch' });
    expect(renamed.json()).toMatchObject({ name: 'Q4 launch', instructions: 'Answer in French.' });
    expect((await call('DELETE', `/api/projects/${created.id}`, owner)).json()).toEqual({ ok: true });
    expect((await call('GET', `/api/projects/${created.id}`, owner)).statusCode).toBe(404);
  });

  it('refuses a project without a name and a bad scope with a clear 400', async () => {
    const noName = await call('POST', '/api/projects', owner, { name: '   ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ code: 'invalid_input', error: 'name: A project needs a name' });
    const badScope = await call('POST', '/api/projects', owner, { name: 'x', scope: 'public' });
    expect(badScope.statusCode).toBe(400);
    expect(badScope.json()).toMatchObject({ code: 'invalid_input', error: 'scope: scope must be private or team' });
  });

  it('shows a team project to members, lets only its creator and the team admins change it (403), and hides it from other teams', async () => {
    const project = await create(owner, { name: 'Team handbook', scope: 'team' });
    const seen = (await call('GET', `/api/projects/${project.id}`, member)).json();
    expect(seen).toMatchObject({ name: 'Team handbook', scope: 'team', canEdit: false, createdBy: owner.user.username });

    const edit = await call('PATCH', `/api/projects/${project.id}`, member, { instructions: 'Be brief.' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({ code: 'forbidden', error: 'Only the project’s creator and the team’s owner and admins can change a team project.' });
    expect((await call('DELETE', `/api/projects/${project.id}`, member)).statusCode).toBe(403);
    expect((await call('GET', `/api/projects/${project.id}`, outsider)).statusCode).toBe(404);

    // The member's own team project is theirs to change; the owner (team owner) may change it too.
    const own = await create(member, { name: 'Member notes', scope: 'team' });
    expect((await call('PATCH', `/api/projects/${own.id}`, member, { instructions: 'Use bullet points.' })).statusCode).toBe(200);
    const byOwner = await call('PATCH', `/api/projects/${own.id}`, owner, { name: 'Renamed by the owner' });
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json()).toMatchObject({ name: 'Renamed by the owner', canEdit: true });
    // Who it is shared with is the creator's choice alone.
    expect((await call('PATCH', `/api/projects/${own.id}`, owner, { scope: 'private' })).statusCode).toBe(403);
  });

  it('does not let a conversation into another team’s project, nor a chat start in one (404)', async () => {
    const theirs = await create(outsider, { name: 'Outsider project', scope: 'team' });
    const chat = await call('POST', '/api/chat', owner, { message: 'Hello', projectId: theirs.id });
    expect(chat.statusCode).toBe(404);
    expect(chat.json()).toMatchObject({ code: 'not_found', error: 'That project was not found.' });

    const mine = await call('POST', '/api/chat', owner, { message: 'Hello there' });
    const moved = await call('PATCH', `/api/conversations/${mine.json().conversationId}`, owner, { projectId: theirs.id });
    expect(moved.statusCode).toBe(404);
  });

  it('adds the project’s instructions to the system prompt of a new chat in it and of the messages after', async () => {
    const project = await create(owner, { name: 'Legal desk', instructions: 'Always answer in exactly three bullet points.', scope: 'team' });
    const first = await call('POST', '/api/chat', owner, { message: 'Summarise the lease', projectId: project.id });
    expect(first.statusCode).toBe(200);
    const system = systemOfLastRequest();
    expect(system.role).toBe('system');
    expect(system.content).toContain("Instructions for this project, from the user's team:\nAlways answer in exactly three bullet points.");

    // The conversation is in the project, and a follow-up without projectId still gets them.
    const conversationId = first.json().conversationId as string;
    expect((await call('GET', `/api/conversations/${conversationId}`, owner)).json().conversation.projectId).toBe(project.id);
    fake.requests.length = 0;
    await call('POST', '/api/chat', owner, { message: 'And the deposit?', conversationId, messages: [{ role: 'user', content: 'Summarise the lease' }] });
    expect(systemOfLastRequest().content).toContain('Always answer in exactly three bullet points.');

    // A chat outside the project does not.
    fake.requests.length = 0;
    await call('POST', '/api/chat', owner, { message: 'Unrelated' });
    expect(systemOfLastRequest().content).not.toContain('Instructions for this project');

    // Moved out, the conversation's next message has no project instructions.
    expect((await call('PATCH', `/api/conversations/${conversationId}`, owner, { projectId: null })).json().projectId).toBeNull();
    fake.requests.length = 0;
    await call('POST', '/api/chat', owner, { message: 'Once more', conversationId, messages: [] });
    expect(systemOfLastRequest().content).not.toContain('Instructions for this project');
  });

  it('lists a project’s conversations: the caller’s own and the ones teammates shared', async () => {
    const project = await create(owner, { name: 'Shared work', scope: 'team' });
    const ownerChat = (await call('POST', '/api/chat', owner, { message: 'Owner thoughts', projectId: project.id })).json().conversationId as string;
    const memberChat = (await call('POST', '/api/chat', member, { message: 'Member thoughts', projectId: project.id })).json().conversationId as string;
    const before = (await call('GET', `/api/projects/${project.id}/conversations`, member)).json().conversations as { id: string; mine: boolean }[];
    expect(before.map((c) => c.id)).toEqual([memberChat]);
    expect((await call('POST', `/api/conversations/${ownerChat}/share`, owner)).statusCode).toBe(200);
    const after = (await call('GET', `/api/projects/${project.id}/conversations`, member)).json().conversations as { id: string; mine: boolean; owner: string }[];
    expect(after.map((c) => [c.id, c.mine, c.owner])).toEqual([
      [memberChat, true, member.user.username],
      [ownerChat, false, owner.user.username],
    ]);
  });

  it('scopes "Search my files" in a project to its pinned files, and refuses pinning a file the caller cannot read (404)', async () => {
    const pinned = await uploadThroughApi(t.app, owner.cookie, { name: 'pinned-policy.txt', bytes: Buffer.from('Travel policy. Flights over six hours may be booked in premium economy class.'), type: 'text/plain' });
    await uploadThroughApi(t.app, owner.cookie, { name: 'other-policy.txt', bytes: Buffer.from('Old travel policy. Flights over six hours are always booked in economy class.'), type: 'text/plain' });
    const strangers = await uploadThroughApi(t.app, outsider.cookie, { name: 'secret.txt', bytes: Buffer.from('Outsider travel policy. Flights over six hours go first class.'), type: 'text/plain' });
    await waitForIndexing(t.app, owner.cookie);
    await waitForIndexing(t.app, outsider.cookie);

    const refused = await call('POST', '/api/projects', owner, { name: 'Sneaky', fileIds: [strangers.id] });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'not_found', error: 'That file was not found.' });

    const project = await create(owner, { name: 'Travel', fileIds: [pinned.id] });
    const inProject = await call('POST', '/api/chat', owner, { message: 'Which class for flights over six hours?', projectId: project.id, knowledge: { scope: 'all' } });
    expect(inProject.statusCode).toBe(200);
    expect((inProject.json().citations as { fileName: string }[]).map((c) => c.fileName)).toEqual(['pinned-policy.txt']);

    const outside = await call('POST', '/api/chat', owner, { message: 'Which class for flights over six hours?', knowledge: { scope: 'all' } });
    expect(new Set((outside.json().citations as { fileName: string }[]).map((c) => c.fileName))).toEqual(new Set(['pinned-policy.txt', 'other-policy.txt']));
  }, 300_000);

  it('takes a team project away from a member removed from the team at once', async () => {
    const leaver = await signUp(t.app);
    await joinTeam(t.app, owner, leaver, 'member');
    const project = await create(owner, { name: 'Roadmap', scope: 'team' });
    expect((await call('GET', `/api/projects/${project.id}`, leaver)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/team/members/${leaver.user.id}`, owner)).statusCode).toBe(200);
    expect((await call('GET', `/api/projects/${project.id}`, leaver)).statusCode).toBe(404);
    expect((await call('GET', '/api/projects', leaver)).json().projects).toEqual([]);
    expect((await call('POST', '/api/chat', leaver, { message: 'Hi', projectId: project.id })).statusCode).toBe(404);
  });
});
