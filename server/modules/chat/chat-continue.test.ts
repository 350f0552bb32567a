import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { interactions, messages } from '../../db/schema/chat';
import { fakeProviderEnv } from '../../../tests/fakes/chat-helpers';
import { parseSse } from '../../../tests/support/sse';
import { startFakeModelServer, type FakeModelServer } from '../../../tests/fakes/fake-model-server';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import { CONTINUE_PROMPT } from './chat.service';

/** Issue 42: Continue grows the reply that was cut off, instead of sending a message and adding a second reply. */

type Person = Awaited<ReturnType<typeof signUp>>;

describe('Continue after a reply that was cut off', () => {
  let fake: FakeModelServer;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeModelServer();
    t = await createTestApp({ env: fakeProviderEnv(fake.url, { CHAT_DAILY_MESSAGES_FREE: '3', CHAT_RATE_LIMIT_PER_MINUTE: '1000' }) });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.setBehaviour({ kind: 'normal' });
    fake.requests.length = 0;
  });

  const chat = (who: Person, payload: Record<string, unknown>, stream = false) =>
    t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie: who.cookie, ...(stream ? { accept: 'text/event-stream' } : {}) }, payload });
  const stored = (conversationId: string) => t.database.db.select().from(messages).where(eq(messages.conversationId, conversationId));

  /** A new conversation whose reply the model cut off at its length limit. */
  async function cutOffReply(who: Person) {
    fake.setBehaviour({ kind: 'normal', reply: 'The first part of the story', finishReason: 'length' });
    const first = await chat(who, { message: 'Tell me a long story' });
    expect(first.json()).toMatchObject({ content: 'The first part of the story', status: 'cut_off' });
    return first.json() as { conversationId: string; messageId: string; userMessageId: string };
  }

  it('asks the model to go on from its own reply, and adds what it writes to that same reply', async () => {
    const alice = await signUp(t.app);
    const { conversationId, messageId, userMessageId } = await cutOffReply(alice);
    fake.setBehaviour({ kind: 'normal', reply: 'and the end of it.' });
    fake.requests.length = 0;

    const continued = await chat(alice, { conversationId, continueOf: messageId });
    expect(continued.statusCode).toBe(200);
    expect(continued.json()).toMatchObject({ content: 'The first part of the story and the end of it.', messageId, userMessageId, status: 'complete' });

    const sent = fake.requests[0]!.body!.messages!.slice(1).map((m) => [m.role, m.content]);
    expect(sent).toEqual([
      ['user', 'Tell me a long story'],
      ['assistant', 'The first part of the story'],
      ['user', CONTINUE_PROMPT],
    ]);

    // One question and one reply, grown: no "Please continue" message, no second reply.
    const rows = await stored(conversationId);
    expect(rows.map((m) => [m.role, m.content, m.status])).toEqual(
      expect.arrayContaining([
        ['user', 'Tell me a long story', 'complete'],
        ['assistant', 'The first part of the story and the end of it.', 'complete'],
      ]),
    );
    expect(rows).toHaveLength(2);
    const detail = (await t.app.inject({ method: 'GET', url: `/api/conversations/${conversationId}`, headers: { cookie: alice.cookie } })).json();
    expect(detail.messages.map((m: { id: string }) => m.id)).toEqual([userMessageId, messageId]);
  });

  it('streams only the new text, ends with the whole reply, and can be continued again while it is still cut off', async () => {
    const bob = await signUp(t.app);
    const { conversationId, messageId } = await cutOffReply(bob);
    fake.setBehaviour({ kind: 'normal', reply: 'and a middle', finishReason: 'length' });
    const events = parseSse((await chat(bob, { conversationId, continueOf: messageId }, true)).body);
    const deltas = events.filter((e) => e.event === 'delta').map((e) => (e.data as { text: string }).text).join('');
    expect(deltas).toBe('and a middle');
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { content: 'The first part of the story and a middle', messageId, status: 'cut_off' } });
    await vi.waitFor(async () => expect((await stored(conversationId)).find((m) => m.id === messageId)?.content).toBe('The first part of the story and a middle'), {
      timeout: 10_000,
      interval: 50,
    });
  });

  it('refuses to continue a reply that was not cut off (400), a question, or another user’s reply (404)', async () => {
    const carol = await signUp(t.app);
    const dave = await signUp(t.app);
    const whole = (await chat(carol, { message: 'A short one' })).json() as { conversationId: string; messageId: string; userMessageId: string };
    const refused = await chat(carol, { conversationId: whole.conversationId, continueOf: whole.messageId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'Only a reply that was cut off can be continued.', code: 'invalid_input', field: 'continueOf' });
    expect((await chat(carol, { conversationId: whole.conversationId, continueOf: whole.userMessageId })).statusCode).toBe(404);
    const daves = await cutOffReply(dave);
    expect((await chat(carol, { conversationId: daves.conversationId, continueOf: daves.messageId })).statusCode).toBe(404);
    expect((await chat(carol, { conversationId: whole.conversationId, continueOf: daves.messageId })).statusCode).toBe(404);
    const alone = await chat(carol, { continueOf: whole.messageId });
    expect(alone.statusCode).toBe(400);
    expect(alone.json().field).toBe('conversationId');
  });

  it('counts each Continue toward the daily allowance once, as the message it replaces did', async () => {
    const erin = await signUp(t.app);
    const { conversationId, messageId } = await cutOffReply(erin); // 1 of 3
    fake.setBehaviour({ kind: 'normal', reply: 'more', finishReason: 'length' });
    expect((await chat(erin, { conversationId, continueOf: messageId })).statusCode).toBe(200); // 2 of 3
    expect((await chat(erin, { conversationId, continueOf: messageId })).statusCode).toBe(200); // 3 of 3
    const over = await chat(erin, { conversationId, continueOf: messageId });
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('allowance_exhausted');
    const counted = await t.database.db.select().from(interactions).where(and(eq(interactions.userId, erin.user.id), eq(interactions.continuation, true)));
    expect(counted).toHaveLength(2);
  });
});
