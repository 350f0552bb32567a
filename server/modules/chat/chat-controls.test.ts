import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { interactions, messages } from '../../db/schema/chat';
import { fakeProviderEnv } from '../../../tests/fakes/chat-helpers';
import { startFakeModelServer, type FakeModelServer } from '../../../tests/fakes/fake-model-server';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';

/** Stop, retry, regenerate with variants, edit with branches (issue 18, items 1–3). */
describe('chat controls', () => {
  let fake: FakeModelServer;
  let t: TestApp;
  let base: string;
  let cookie: string;
  let other: { cookie: string };

  beforeAll(async () => {
    fake = await startFakeModelServer();
    t = await createTestApp({ env: fakeProviderEnv(fake.url, { MODEL_TIMEOUT_MS: '1500', CHAT_RATE_LIMIT_PER_MINUTE: '1000' }) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    ({ cookie } = await signUp(t.app));
    other = await signUp(t.app);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.setBehaviour({ kind: 'normal' });
    fake.requests.length = 0;
  });

  const chat = (payload: Record<string, unknown>, as = cookie) => t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie: as }, payload });
  const detail = async (id: string, as = cookie) => t.app.inject({ method: 'GET', url: `/api/conversations/${id}`, headers: { cookie: as } });
  const branch = (id: string, messageId: string, as = cookie) =>
    t.app.inject({ method: 'POST', url: `/api/conversations/${id}/branch`, headers: { cookie: as }, payload: { messageId } });
  type Shown = { id: string; role: string; content: string; status: string; variants: { index: number; count: number } };
  const shown = async (id: string) => ((await detail(id)).json().messages as Shown[]).map((m) => [m.role, m.content, m.status, `${m.variants.index}/${m.variants.count}`]);

  it('stops a streaming reply at once: the provider call is aborted, the partial reply kept as stopped and counted once', async () => {
    fake.setBehaviour({ kind: 'slow', tokenDelayMs: 300 });
    const response = await fetch(`${base}/api/chat`, {
      method: 'POST',
      headers: { cookie, accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'one two three four five six seven eight nine ten' }),
    });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('event: delta');

    const stop = await fetch(`${base}/api/chat/stop`, { method: 'POST', headers: { cookie } });
    expect(stop.status).toBe(200);
    const stopped = (await stop.json()) as { stopped: number; conversationId: string };
    expect(stopped.stopped).toBe(1);
    await vi.waitFor(() => expect(fake.requests[0]?.closedEarly).toBe(true), { timeout: 5_000, interval: 20 });
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
    expect(rest).toContain('event: error');

    const messagesShown = (await detail(stopped.conversationId)).json().messages as Shown[];
    expect(messagesShown.map((m) => [m.role, m.status])).toEqual([
      ['user', 'complete'],
      ['assistant', 'stopped'],
    ]);
    const partial = messagesShown[1]!.content;
    expect(partial.length).toBeGreaterThan(0);
    expect('Fake reply to: one two three four five six seven eight nine ten'.startsWith(partial)).toBe(true);
    expect(partial.length).toBeLessThan('Fake reply to: one two three four five six seven eight nine ten'.length);
    const stoppedInteractions = await t.database.db.select().from(interactions).where(eq(interactions.messageId, messagesShown[1]!.id));
    expect(stoppedInteractions.map((i) => i.success)).toEqual([false]);
    const userRows = await t.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, stopped.conversationId), eq(messages.role, 'user')));
    expect(userRows.map((m) => m.status)).toEqual(['complete']);

    // Nothing in flight: stop answers at once with nothing stopped.
    const idle = await t.app.inject({ method: 'POST', url: '/api/chat/stop', headers: { cookie } });
    expect(idle.json()).toEqual({ stopped: 0, conversationId: null });
    expect((await t.app.inject({ method: 'POST', url: '/api/chat/stop' })).statusCode).toBe(401);
  });

  it('retries a message whose reply failed: the failure is kept across a reload, then answered in place', async () => {
    fake.setBehaviour({ kind: 'hang' });
    const failed = await chat({ message: 'are you there?' });
    expect(failed.statusCode).toBe(502);
    const { conversationId, userMessageId } = failed.json() as { conversationId: string; userMessageId: string };
    expect(await shown(conversationId)).toEqual([['user', 'are you there?', 'failed', '1/1']]);

    fake.setBehaviour({ kind: 'normal', reply: 'Here I am.' });
    const retried = await chat({ conversationId, regenerate: true });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ content: 'Here I am.', conversationId, userMessageId });
    expect(fake.requests.at(-1)!.body!.messages!.at(-1)).toEqual({ role: 'user', content: 'are you there?' });
    expect(await shown(conversationId)).toEqual([
      ['user', 'are you there?', 'complete', '1/1'],
      ['assistant', 'Here I am.', 'complete', '1/1'],
    ]);
  });

  it('regenerates the last reply as a variant stored on the server, and flips between variants', async () => {
    fake.setBehaviour({ kind: 'normal', reply: 'First answer.' });
    const first = (await chat({ message: 'Name a colour' })).json();
    fake.setBehaviour({ kind: 'normal', reply: 'Second answer.' });
    const second = await chat({ conversationId: first.conversationId, regenerate: true });
    expect(second.statusCode).toBe(200);
    expect(second.json().userMessageId).toBe(first.userMessageId);
    expect(await shown(first.conversationId)).toEqual([
      ['user', 'Name a colour', 'complete', '1/1'],
      ['assistant', 'Second answer.', 'complete', '2/2'],
    ]);
    const flipped = await branch(first.conversationId, first.messageId);
    expect(flipped.statusCode).toBe(200);
    expect(flipped.json().messages.map((m: Shown) => [m.content, `${m.variants.index}/${m.variants.count}`])).toEqual([
      ['Name a colour', '1/1'],
      ['First answer.', '1/2'],
    ]);
    // The flip is stored: a reload shows the same branch.
    expect((await shown(first.conversationId)).at(-1)).toEqual(['assistant', 'First answer.', 'complete', '1/2']);
    const [regeneratedRow] = await t.database.db.select().from(messages).where(eq(messages.id, second.json().messageId));
    expect(regeneratedRow!.regenerated).toBe(true);
  });

  it('counts a regenerated reply toward the allowance, and a message whose reply failed not at all', async () => {
    const limited = await createTestApp({ env: fakeProviderEnv(fake.url, { CHAT_DAILY_MESSAGES_FREE: '2', CHAT_RATE_LIMIT_PER_MINUTE: '1000' }) });
    try {
      const user = await signUp(limited.app);
      const send = (payload: Record<string, unknown>) => limited.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie: user.cookie }, payload });
      fake.setBehaviour({ kind: 'status', status: 500 });
      expect((await send({ message: 'this one fails' })).statusCode).toBe(502);
      fake.setBehaviour({ kind: 'normal' });
      const first = (await send({ message: 'hello there' })).json();
      // Two of two: the failed message did not count.
      expect((await send({ conversationId: first.conversationId, regenerate: true })).statusCode).toBe(200);
      const third = await send({ conversationId: first.conversationId, regenerate: true });
      expect(third.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('edits a sent message into a new branch, keeping the old branch reachable', async () => {
    const a = (await chat({ message: 'Question A' })).json();
    const b = (await chat({ message: 'Question B', conversationId: a.conversationId })).json();
    const edited = await chat({ message: 'Question A, edited', conversationId: a.conversationId, editOf: a.userMessageId });
    expect(edited.statusCode).toBe(200);
    // The model saw no history: the edit replaces the first message.
    expect(fake.requests.at(-1)!.body!.messages!.filter((m) => m.role !== 'system')).toEqual([{ role: 'user', content: 'Question A, edited' }]);
    expect(await shown(a.conversationId)).toEqual([
      ['user', 'Question A, edited', 'complete', '2/2'],
      ['assistant', 'Fake reply to: Question A, edited', 'complete', '1/1'],
    ]);
    const back = await branch(a.conversationId, a.userMessageId);
    expect(back.json().messages.map((m: Shown) => [m.content, `${m.variants.index}/${m.variants.count}`])).toEqual([
      ['Question A', '1/2'],
      ['Fake reply to: Question A', '1/1'],
      ['Question B', '1/1'],
      ['Fake reply to: Question B', '1/1'],
    ]);
    expect(b.conversationId).toBe(a.conversationId);
  });

  it('reads the newest page of the active branch (?last=): the same rows as the whole answer, and how many come earlier', async () => {
    const a = (await chat({ message: 'Page A' })).json();
    const b = (await chat({ message: 'Page B', conversationId: a.conversationId })).json();
    await chat({ message: 'Page C', conversationId: a.conversationId });
    await chat({ message: 'Page B, edited', conversationId: a.conversationId, editOf: b.userMessageId });
    const page = async (last: number) => (await t.app.inject({ method: 'GET', url: `/api/conversations/${a.conversationId}?last=${last}`, headers: { cookie } })).json();
    const whole = (await detail(a.conversationId)).json();
    expect(whole.earlier).toBeUndefined();
    expect(whole.messages.map((m: Shown) => m.content)).toEqual(['Page A', 'Fake reply to: Page A', 'Page B, edited', 'Fake reply to: Page B, edited']);
    expect(await page(3)).toEqual({ conversation: whole.conversation, messages: whole.messages.slice(-3), earlier: 1 });
    expect(await page(200)).toEqual({ ...whole, earlier: 0 });

    // Back on the first branch, whose newest messages are not the newest written (the edit's are).
    await branch(a.conversationId, b.userMessageId);
    const first = (await detail(a.conversationId)).json();
    expect(first.messages.map((m: Shown) => `${m.content} ${m.variants.index}/${m.variants.count}`)).toEqual([
      'Page A 1/1',
      'Fake reply to: Page A 1/1',
      'Page B 1/2',
      'Fake reply to: Page B 1/1',
      'Page C 1/1',
      'Fake reply to: Page C 1/1',
    ]);
    expect(await page(2)).toEqual({ conversation: first.conversation, messages: first.messages.slice(-2), earlier: 4 });
    expect(await page(4)).toEqual({ conversation: first.conversation, messages: first.messages.slice(-4), earlier: 2 });

    const get = (url: string, as = cookie) => t.app.inject({ method: 'GET', url, headers: { cookie: as } });
    expect((await get(`/api/conversations/${a.conversationId}?last=0`)).json()).toEqual({ error: 'last: last must be at least 1', code: 'invalid_input', field: 'last' });
    expect((await get(`/api/conversations/${a.conversationId}?last=201`)).json()).toEqual({ error: 'last: last must be at most 200', code: 'invalid_input', field: 'last' });
    expect((await get(`/api/conversations/${a.conversationId}?last=ten`)).statusCode).toBe(400);
    expect((await get(`/api/conversations/${a.conversationId}?last=2`, other.cookie)).statusCode).toBe(404);
  });

  it("answers 404 for another user's conversation or message, and 400 for a malformed request", async () => {
    const mine = (await chat({ message: 'private question' })).json();
    const theirs = (await chat({ message: 'their question' }, other.cookie)).json();

    expect((await chat({ conversationId: theirs.conversationId, regenerate: true })).statusCode).toBe(404);
    expect((await chat({ conversationId: theirs.conversationId, editOf: theirs.userMessageId, message: 'x' })).statusCode).toBe(404);
    // Their message id in my conversation, and a reply id given as the message to edit.
    expect((await chat({ conversationId: mine.conversationId, editOf: theirs.userMessageId, message: 'x' })).statusCode).toBe(404);
    expect((await chat({ conversationId: mine.conversationId, editOf: mine.messageId, message: 'x' })).statusCode).toBe(404);
    expect((await branch(theirs.conversationId, theirs.messageId)).statusCode).toBe(404);
    expect((await branch(mine.conversationId, theirs.messageId)).statusCode).toBe(404);
    expect((await detail(theirs.conversationId)).statusCode).toBe(404);

    const noConversation = await chat({ regenerate: true });
    expect(noConversation.statusCode).toBe(400);
    expect(noConversation.json()).toEqual({ code: 'invalid_input', error: 'conversationId: Regenerate needs a conversationId', field: 'conversationId' });
    expect((await chat({ editOf: mine.userMessageId, message: 'x' })).json()).toMatchObject({ error: 'conversationId: An edit needs a conversationId' });
    expect((await chat({ conversationId: mine.conversationId, editOf: mine.userMessageId, message: '  ' })).json()).toMatchObject({
      error: 'message: Type a message or attach a file',
    });
    expect((await chat({ conversationId: mine.conversationId, editOf: 'not-an-id', message: 'x' })).json()).toMatchObject({
      error: 'editOf: editOf must be a message id',
    });
    expect((await branch(mine.conversationId, 'nope')).statusCode).toBe(400);
    // Nothing of theirs changed.
    expect((await detail(theirs.conversationId, other.cookie)).json().messages).toHaveLength(2);
  });
});
