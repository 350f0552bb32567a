import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinTeam, starterTeamAndOutsider } from '../../../tests/support/teams';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';

/** Issue 42: the prompt library, private or shared with the team. */

type Person = Awaited<ReturnType<typeof signUp>>;

describe('the prompt library', () => {
  let t: TestApp;
  let owner: Person;
  let member: Person;
  let outsider: Person;

  beforeAll(async () => {
    t = await createTestApp();
    ({ owner, member, outsider } = await starterTeamAndOutsider(t));
  }, 120_000);
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, who: Person, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload }) });
  const titles = async (who: Person) => ((await call('GET', '/api/prompts', who)).json().prompts as { title: string }[]).map((p) => p.title);

  it('saves a private prompt with its placeholders, seen and changed by its creator alone', async () => {
    const created = await call('POST', '/api/prompts', owner, { title: 'Follow-up', body: 'Write to {{client}} about {{ topic }}; remind {{client}} of the date.' });
    expect(created.statusCode).toBe(201);
    const prompt = created.json();
    expect(prompt).toMatchObject({ title: 'Follow-up', scope: 'private', placeholders: ['client', 'topic'], canEdit: true, createdBy: owner.user.username });
    expect(await titles(owner)).toContain('Follow-up');
    expect(await titles(member)).not.toContain('Follow-up');
    for (const who of [member, outsider]) {
      expect((await call('PATCH', `/api/prompts/${prompt.id}`, who, { title: 'Taken' })).statusCode).toBe(404);
      expect((await call('DELETE', `/api/prompts/${prompt.id}`, who)).statusCode).toBe(404);
    }
    const changed = await call('PATCH', `/api/prompts/${prompt.id}`, owner, { body: 'Hello {{name}}' });
    expect(changed.json()).toMatchObject({ body: 'Hello {{name}}', placeholders: ['name'] });
    expect((await call('DELETE', `/api/prompts/${prompt.id}`, owner)).json()).toEqual({ ok: true });
    expect(await titles(owner)).not.toContain('Follow-up');
  });

  it('refuses an empty prompt with a clear 400', async () => {
    const response = await call('POST', '/api/prompts', owner, { title: 'Empty', body: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_input', error: 'body: A prompt cannot be empty' });
  });

  it('shares a team prompt with members, who may use but not change it (403), and never with another team', async () => {
    const prompt = (await call('POST', '/api/prompts', owner, { title: 'Weekly update', body: 'Summarise {{week}}', scope: 'team' })).json();
    expect(await titles(member)).toContain('Weekly update');
    expect(await titles(outsider)).not.toContain('Weekly update');
    const edit = await call('PATCH', `/api/prompts/${prompt.id}`, member, { title: 'Mine' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({ code: 'forbidden', error: 'Only the prompt’s creator and the team’s owner and admins can change a team prompt.' });
    expect((await call('DELETE', `/api/prompts/${prompt.id}`, member)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/prompts/${prompt.id}`, outsider)).statusCode).toBe(404);
  });

  it('takes the team’s prompts away from a removed member at once', async () => {
    const leaver = await signUp(t.app);
    await joinTeam(t.app, owner, leaver, 'member');
    await call('POST', '/api/prompts', owner, { title: 'Team only', body: 'x', scope: 'team' });
    expect(await titles(leaver)).toContain('Team only');
    await call('DELETE', `/api/team/members/${leaver.user.id}`, owner);
    expect(await titles(leaver)).not.toContain('Team only');
  });
});
