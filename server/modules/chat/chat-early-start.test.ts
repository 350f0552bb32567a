import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { conversations, messages } from '../../db/schema/chat';
import { fakeProviderEnv } from '../../../tests/fakes/chat-helpers';
import { startFakeModelServer, type FakeModelServer } from '../../../tests/fakes/fake-model-server';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import { chatExchangeRepository } from './chat-exchange.repository';

/**
 * Issue 19: a plain message from a user known to have room under their limits asks the model while
 * its start statement (limits, conversation, the user's message) runs, instead of after it. The
 * statement still judges: a refusal it gives after the model was asked abandons the model's call.
 */
describe('asking the model while the chat starts', () => {
  let fake: FakeModelServer;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeModelServer();
    t = await createTestApp({ env: fakeProviderEnv(fake.url, { CHAT_DAILY_MESSAGES_FREE: '3', CHAT_RATE_LIMIT_PER_MINUTE: '1000' }) });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    fake.setBehaviour({ kind: 'normal' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** The model's requests when the last message was sent: a start statement compares against it. */
  let requestsAtSend = 0;
  const send = (cookie: string, message: string) => {
    requestsAtSend = fake.requests.length;
    return t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie }, payload: { message } });
  };

  /**
   * Holds each start statement until the model has been asked for this message (or 1.5 s went by),
   * and says which it was, in order. Counted from the send, not from when the statement is reached:
   * the start reads the team's policy first (issue 43), and an early ask may already have arrived by
   * then. With `failWith`, the statement then fails with that error instead of running.
   */
  function holdStartsForTheModel(failWith?: Error): boolean[] {
    const startExchange = chatExchangeRepository.startExchange.bind(chatExchangeRepository);
    const askedFirst: boolean[] = [];
    vi.spyOn(chatExchangeRepository, 'startExchange').mockImplementation(async (...args) => {
      const before = requestsAtSend;
      const until = Date.now() + 1_500;
      while (fake.requests.length === before && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
      askedFirst.push(fake.requests.length > before);
      if (failWith) throw failWith;
      return startExchange(...args);
    });
    return askedFirst;
  }

  it('asks the model before the start statement has answered, once this process knows the user has room', async () => {
    const { cookie } = await signUp(t.app);
    const askedFirst = holdStartsForTheModel();
    const first = await send(cookie, 'first question');
    const second = await send(cookie, 'second question');
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json().content).toBe('Fake reply to: second question');
    // The first chat of a user the process has not seen waits for its statement; the second does not.
    expect(askedFirst).toEqual([false, true]);
  });

  it('answers a refusal the statement gives after the model was asked with the refusal alone, and abandons the call', async () => {
    const { cookie, user } = await signUp(t.app);
    expect((await send(cookie, 'one')).statusCode).toBe(200); // the process now knows: 2 of 3 left
    // Another app process (scaled out) uses the rest of the day's allowance meanwhile.
    const [elsewhere] = await t.database.db.insert(conversations).values({ userId: user.id, title: 'Elsewhere', persona: 'default', mode: 'chat' }).returning();
    await t.database.db.insert(messages).values(['two', 'three'].map((content) => ({ conversationId: elsewhere!.id, userId: user.id, role: 'user', content })));
    fake.setBehaviour({ kind: 'slow', tokenDelayMs: 200 });
    const asked = fake.requests.length;
    const askedFirst = holdStartsForTheModel();

    const refused = await send(cookie, 'four');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('allowance_exhausted');
    expect(fake.requests.length).toBe(asked + 1);
    await vi.waitFor(() => expect(fake.requests.at(-1)!.closedEarly).toBe(true), { timeout: 5_000, interval: 20 });
    const stored = await t.database.db.select({ content: messages.content }).from(messages).where(and(eq(messages.userId, user.id), eq(messages.content, 'four')));
    expect(stored).toEqual([]);

    // After a refusal the process forgets the room it thought the user had: the next message waits for its statement.
    const again = await send(cookie, 'five');
    expect(again.statusCode).toBe(429);
    expect(fake.requests.length).toBe(asked + 1);
    expect(askedFirst).toEqual([true, false]);
  });

  it('answers 503 when the database fails the start of a chat whose model was already asked, and abandons the call', async () => {
    const { cookie, user } = await signUp(t.app);
    expect((await send(cookie, 'one')).statusCode).toBe(200);
    fake.setBehaviour({ kind: 'slow', tokenDelayMs: 200 });
    const asked = fake.requests.length;
    // What the pool says when PostgreSQL is being restarted under it.
    const askedFirst = holdStartsForTheModel(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));

    const failed = await send(cookie, 'two');
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({ code: 'unavailable', error: 'The database is not answering right now. Please try again in a moment.' });
    expect(askedFirst).toEqual([true]);
    expect(fake.requests.length).toBe(asked + 1);
    await vi.waitFor(() => expect(fake.requests.at(-1)!.closedEarly).toBe(true), { timeout: 5_000, interval: 20 });
    const stored = await t.database.db.select({ content: messages.content }).from(messages).where(and(eq(messages.userId, user.id), eq(messages.role, 'user')));
    expect(stored).toEqual([{ content: 'one' }]);
  });
});
