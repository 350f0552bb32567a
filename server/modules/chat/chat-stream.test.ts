import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { interactions, messages } from '../../db/schema/chat';
import { fakeProviderEnv } from '../../../tests/fakes/chat-helpers';
import { startFakeModelServer, type FakeModelServer } from '../../../tests/fakes/fake-model-server';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';

/** Over a real socket: tokens arrive before the reply ends, and a client that leaves aborts the provider. */
describe('chat streaming over HTTP', () => {
  let fake: FakeModelServer;
  let t: TestApp;
  let base: string;
  let cookie: string;

  beforeAll(async () => {
    fake = await startFakeModelServer({ behaviour: { kind: 'slow', tokenDelayMs: 300 } });
    t = await createTestApp({ env: fakeProviderEnv(fake.url) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    ({ cookie } = await signUp(t.app));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('delivers the first delta while the provider is still sending, and aborts the provider when the client disconnects', async () => {
    const abort = new AbortController();
    const response = await fetch(`${base}/api/chat`, {
      method: 'POST',
      headers: { cookie, accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'one two three four five six seven eight nine ten' }),
      signal: abort.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first.startsWith('event: delta\ndata: {"text":"Fake"}\n\n')).toBe(true);
    expect(first).not.toContain('event: done');
    abort.abort();

    await vi.waitFor(() => expect(fake.requests[0]?.closedEarly).toBe(true), { timeout: 10_000, interval: 50 });
    const assistant = await vi.waitFor(
      async () => {
        const [row] = await t.database.db.select().from(messages).where(eq(messages.role, 'assistant'));
        expect(row).toBeDefined();
        return row!;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(assistant.status).toBe('incomplete');
    expect('Fake reply to: one two three four five six seven eight nine ten'.startsWith(assistant.content)).toBe(true);
    expect(assistant.content.length).toBeLessThan('Fake reply to: one two three four five six seven eight nine ten'.length);
    const [interaction] = await t.database.db.select().from(interactions).where(eq(interactions.messageId, assistant.id));
    expect(interaction!.success).toBe(false);
  });
});
