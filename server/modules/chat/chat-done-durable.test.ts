import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeProviderEnv } from '../../../tests/fakes/chat-helpers';
import { startFakeModelServer, type FakeModelServer } from '../../../tests/fakes/fake-model-server';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';

/**
 * Issue 47: `done` promises the reply is stored. When storing it fails, the stream ends with an
 * error event and no `done` (the client keeps what it was shown, with Retry). A trigger makes the
 * database refuse one reply's insert, as a full disk or a lost connection would.
 */
describe('a streamed reply that cannot be stored', () => {
  let fake: FakeModelServer;
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    fake = await startFakeModelServer();
    t = await createTestApp({ env: fakeProviderEnv(fake.url) });
    ({ cookie } = await signUp(t.app));
    await t.database.db.execute(sql.raw(`
      create function refuse_poisoned_reply() returns trigger language plpgsql as $$
      begin
        if new.role = 'assistant' and new.content like '%poisoned%' then raise exception 'could not extend file: No space left on device'; end if;
        return new;
      end $$
    `));
    await t.database.db.execute(sql.raw('create trigger refuse_poisoned_reply before insert on messages for each row execute function refuse_poisoned_reply()'));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const streamed = (message: string) =>
    t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie, accept: 'text/event-stream' }, payload: { message } });

  it('ends with an error event and no done, and the next reply is stored and done', async () => {
    const refused = await streamed('a poisoned question');
    expect(refused.statusCode).toBe(200);
    expect(refused.payload).toContain('event: delta');
    expect(refused.payload).not.toContain('event: done');
    expect(refused.payload).toContain('event: error\ndata: {"error":"Something went wrong on our side. Please try again.","code":"internal"}');

    const fine = await streamed('a healthy question');
    const done = /event: done\ndata: (.+)\n/.exec(fine.payload);
    expect(done).not.toBeNull();
    const { messageId, conversationId } = JSON.parse(done![1]!) as { messageId: string; conversationId: string };
    const detail = await t.app.inject({ method: 'GET', url: `/api/conversations/${conversationId}`, headers: { cookie } });
    expect(detail.json<{ messages: { id: string; content: string }[] }>().messages.find((m) => m.id === messageId)?.content).toBe('Fake reply to: a healthy question');
  });
});
