import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinTeam, starterTeamAndOutsider } from '../../../tests/support/teams';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';

/** Issue 42: a conversation shared read-only with the team, revocable, and copied on by a teammate. */

type Person = Awaited<ReturnType<typeof signUp>>;

describe('sharing a conversation with the team', () => {
  let t: TestApp;
  let owner: Person;
  let mate: Person;
  let outsider: Person;

  beforeAll(async () => {
    t = await createTestApp();
    ({ owner, member: mate, outsider } = await starterTeamAndOutsider(t));
  }, 120_000);
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, who: Person, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload }) });
  const startChat = async (who: Person, message: string) => {
    const response = await call('POST', '/api/chat', who, { message });
    expect(response.statusCode).toBe(200);
    return response.json().conversationId as string;
  };

  it('is readable by teammates only once shared, says who shared it and when, and stops at once when revoked', async () => {
    const id = await startChat(owner, 'What is a good name for a bakery?');
    expect((await call('GET', `/api/shared-conversations/${id}`, mate)).statusCode).toBe(404);

    const shared = await call('POST', `/api/conversations/${id}/share`, owner);
    expect(shared.statusCode).toBe(200);
    expect(shared.json().shared).toEqual({ at: expect.any(String), by: owner.user.username });

    const read = await call('GET', `/api/shared-conversations/${id}`, mate);
    expect(read.statusCode).toBe(200);
    expect(read.json().owner).toBe(owner.user.username);
    expect(read.json().messages.map((m: { role: string; content: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(read.json().messages[0].content).toBe('What is a good name for a bakery?');
    // Read-only: the teammate cannot open, change or delete it as theirs.
    expect((await call('GET', `/api/conversations/${id}`, mate)).statusCode).toBe(404);
    expect((await call('PATCH', `/api/conversations/${id}`, mate, { title: 'Mine' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/conversations/${id}`, mate)).statusCode).toBe(404);
    expect((await call('POST', `/api/conversations/${id}/share`, mate)).statusCode).toBe(404);
    expect((await call('POST', '/api/chat', mate, { message: 'Add to it', conversationId: id })).statusCode).toBe(404);

    // Never outside the team.
    expect((await call('GET', `/api/shared-conversations/${id}`, outsider)).statusCode).toBe(404);
    expect((await call('POST', `/api/shared-conversations/${id}/copy`, outsider)).statusCode).toBe(404);

    const revoked = await call('DELETE', `/api/conversations/${id}/share`, owner);
    expect(revoked.json().shared).toBeNull();
    expect((await call('GET', `/api/shared-conversations/${id}`, mate)).statusCode).toBe(404);
  });

  it('"Continue in my chats" copies it into a conversation of the teammate’s own, which they can go on with', async () => {
    const id = await startChat(owner, 'Draft a welcome note for new staff');
    await call('POST', `/api/conversations/${id}/share`, owner);
    const copied = await call('POST', `/api/shared-conversations/${id}/copy`, mate);
    expect(copied.statusCode).toBe(201);
    const copy = copied.json() as { id: string; title: string; messageCount: number; shared: unknown };
    expect(copy.id).not.toBe(id);
    expect(copy).toMatchObject({ messageCount: 2, shared: null });

    const detail = (await call('GET', `/api/conversations/${copy.id}`, mate)).json();
    expect(detail.messages.map((m: { content: string }) => m.content)[0]).toBe('Draft a welcome note for new staff');
    const next = await call('POST', '/api/chat', mate, { message: 'Make it shorter', conversationId: copy.id, messages: [] });
    expect(next.statusCode).toBe(200);
    // The original is untouched.
    expect((await call('GET', `/api/conversations/${id}`, owner)).json().messages).toHaveLength(2);
  });

  it('ends a removed member’s access at once, and a removed owner’s shares with it', async () => {
    const leaver = await signUp(t.app);
    await joinTeam(t.app, owner, leaver, 'member');
    const ownersChat = await startChat(owner, 'Quarterly plan');
    await call('POST', `/api/conversations/${ownersChat}/share`, owner);
    const leaversChat = await startChat(leaver, 'My notes for the team');
    await call('POST', `/api/conversations/${leaversChat}/share`, leaver);
    expect((await call('GET', `/api/shared-conversations/${ownersChat}`, leaver)).statusCode).toBe(200);
    expect((await call('GET', `/api/shared-conversations/${leaversChat}`, mate)).statusCode).toBe(200);

    expect((await call('DELETE', `/api/team/members/${leaver.user.id}`, owner)).statusCode).toBe(200);
    expect((await call('GET', `/api/shared-conversations/${ownersChat}`, leaver)).statusCode).toBe(404);
    expect((await call('POST', `/api/shared-conversations/${ownersChat}/copy`, leaver)).statusCode).toBe(404);
    expect((await call('GET', `/api/shared-conversations/${leaversChat}`, mate)).statusCode).toBe(404);
  });
});

describe('a copied conversation and the daily allowance', () => {
  let t: TestApp;
  let owner: Person;
  let mate: Person;

  beforeAll(async () => {
    // The Starter team's members have the premium allowance, made small here.
    t = await createTestApp({ env: { CHAT_DAILY_MESSAGES_PREMIUM: '3', CHAT_RATE_LIMIT_PER_MINUTE: '1000' } });
    ({ owner, member: mate } = await starterTeamAndOutsider(t));
  }, 120_000);
  afterAll(() => t.close());

  const send = (who: Person, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie: who.cookie }, payload });

  it('counts only the messages the copier sent: the copied questions from today cost them nothing', async () => {
    const first = await send(owner, { message: 'Plan the offsite' });
    const id = first.json().conversationId as string;
    expect((await send(owner, { message: 'And the budget?', conversationId: id, messages: [] })).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: `/api/conversations/${id}/share`, headers: { cookie: owner.cookie } });
    const copied = await t.app.inject({ method: 'POST', url: `/api/shared-conversations/${id}/copy`, headers: { cookie: mate.cookie } });
    expect(copied.json().messageCount).toBe(4);
    const copyId = copied.json().id as string;

    // Three of the mate's own go through (two copied questions from today would have left one), the fourth is refused.
    const statuses: number[] = [];
    for (const message of ['One', 'Two', 'Three', 'Four']) statuses.push((await send(mate, { message, conversationId: copyId, messages: [] })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Nor are they questions the copier asked, on their profile.
    const metrics = await t.app.inject({ method: 'GET', url: '/api/user/metrics', headers: { cookie: mate.cookie } });
    expect(metrics.json()).toMatchObject({ totalQuestions: 3, questionsThisMonth: 3 });
  });
});
