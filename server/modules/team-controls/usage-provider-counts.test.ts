import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/chat';
import { modelUsage } from '../../db/schema/team-controls';
import { startFakeModelServer, type FakeModelServer } from '../../../tests/fakes/fake-model-server';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';

/** Issue 43: a provider that reports usage in its stream is recorded with its own counts, not an estimate. */
describe('usage with the provider’s own counts', () => {
  let fake: FakeModelServer;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeModelServer();
    t = await createTestApp({
      env: { OPENAI_API_KEY: 'sk-test-openai', OPENAI_BASE_URL: fake.url, GENIE_MODEL_DEFAULT: 'openai:gpt-4o-mini', GENIE_MODEL_TITLES: 'false' },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('stores prompt_tokens and completion_tokens from the stream, estimated false', async () => {
    const person = await signUp(t.app);
    const response = await t.app.inject({ method: 'POST', url: '/api/chat', headers: { cookie: person.cookie }, payload: { message: 'Hello there', character: 'default' } });
    expect(response.statusCode).toBe(200);
    expect(fake.requests[0]!.body).toMatchObject({ stream_options: { include_usage: true } });
    const rows = await t.database.db.select().from(modelUsage).where(eq(modelUsage.userId, person.user.id));
    // What the same call stored on the reply: the adapter's counts.
    const [message] = await t.database.db
      .select({ tokensIn: messages.tokensIn, tokensOut: messages.tokensOut })
      .from(messages)
      .where(and(eq(messages.userId, person.user.id), eq(messages.role, 'assistant')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ persona: 'default', model: 'openai:gpt-4o-mini', estimated: false, tokensIn: message!.tokensIn, tokensOut: message!.tokensOut });
    // "Fake reply to: Hello there" is five words, one completion token each at the fake server.
    expect(rows[0]!.tokensOut).toBe(5);
  });
});
