import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../db/schema/chat';
import { sessions, users } from '../../db/schema/users';
import { fakeProviderEnv } from '../../../tests/fakes/chat-helpers';
import { startFakeModelServer, type FakeModelServer } from '../../../tests/fakes/fake-model-server';
import { cookieHeader, createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import { SESSION_CACHE_TTL_MS } from '../auth/session-cache';
import { SESSION_RECHECK_MS } from '../auth/session-watch';

/**
 * Issue 38 item 3: a streamed reply ends soon after its session does (revoked, signed out
 * everywhere, password changed, account suspended), with an `error` event that says why, and the
 * model's call is aborted: the reply stops growing.
 */
const WORDS = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
const FULL_REPLY = `Fake reply to: ${WORDS}`;
const ENDED = { error: 'You were signed out, so this reply stopped. Sign in again to continue.', code: 'not_signed_in' };

describe('a streamed reply after its session ends', () => {
  let fake: FakeModelServer;
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    fake = await startFakeModelServer({ behaviour: { kind: 'slow', tokenDelayMs: 300 } });
    t = await createTestApp({ env: fakeProviderEnv(fake.url) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** A person signed in twice: `streaming` runs the reply, `other` is the second device. */
  async function signedInTwice() {
    const person = await signUp(t.app);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: person.user.email, password: person.password } });
    expect(login.statusCode).toBe(200);
    const sessionsNow = (await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { cookie: person.cookie } })).json() as { id: string; current: boolean }[];
    return { person, streaming: person.cookie, other: cookieHeader(login), streamingSessionId: sessionsNow.find((s) => s.current)!.id };
  }

  /** Starts a streamed chat and waits for its first delta; `rest()` reads it to its end. */
  async function startStream(cookie: string) {
    const response = await fetch(`${base}/api/chat`, {
      method: 'POST',
      headers: { cookie, accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ message: WORDS }),
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    expect(text.startsWith('event: delta\n')).toBe(true);
    return {
      async rest() {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return text;
          text += decoder.decode(value, { stream: true });
        }
      },
    };
  }

  const lastEvent = (text: string) => {
    const events = text.trim().split('\n\n');
    const [name, data] = events.at(-1)!.split('\n');
    return { event: name!.slice('event: '.length), data: JSON.parse(data!.slice('data: '.length)) as unknown, count: events.length };
  };

  async function expectStoppedAndStill(userId: string) {
    await vi.waitFor(() => expect(fake.requests[0]?.closedEarly).toBe(true), { timeout: 5_000, interval: 50 });
    const stored = async () => {
      const [row] = await t.database.db.select().from(messages).where(and(eq(messages.userId, userId), eq(messages.role, 'assistant')));
      return row;
    };
    const assistant = await vi.waitFor(
      async () => {
        const row = await stored();
        expect(row).toBeDefined();
        return row!;
      },
      { timeout: 5_000, interval: 50 },
    );
    expect(assistant.status).toBe('stopped');
    expect(FULL_REPLY.startsWith(assistant.content)).toBe(true);
    expect(assistant.content.length).toBeLessThan(FULL_REPLY.length);
    // The reply stops growing.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await stored())!.content).toBe(assistant.content);
  }

  it('ends with an error event when another device signs out everywhere else', { timeout: 30_000 }, async () => {
    const { person, streaming, other } = await signedInTwice();
    const stream = await startStream(streaming);
    const revokedAt = Date.now();
    const revoked = await t.app.inject({ method: 'POST', url: '/api/auth/sessions/revoke-others', headers: { cookie: other } });
    expect([revoked.statusCode, revoked.json()]).toEqual([200, { revoked: 1 }]);
    const text = await stream.rest();
    expect(Date.now() - revokedAt).toBeLessThan(SESSION_RECHECK_MS + 1_500);
    const last = lastEvent(text);
    expect([last.event, last.data]).toEqual(['error', ENDED]);
    expect(text).not.toContain('event: done');
    await expectStoppedAndStill(person.user.id);
  });

  it('ends when the session is revoked by id, and when the password changes elsewhere', { timeout: 30_000 }, async () => {
    const first = await signedInTwice();
    const stream = await startStream(first.streaming);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${first.streamingSessionId}`, headers: { cookie: first.other } })).statusCode).toBe(200);
    expect(lastEvent(await stream.rest()).data).toEqual(ENDED);
    await expectStoppedAndStill(first.person.user.id);

    fake.requests.length = 0;
    const second = await signedInTwice();
    const again = await startStream(second.streaming);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { cookie: second.other },
      payload: { currentPassword: second.person.password, newPassword: 'a brand new passphrase 42' },
    });
    expect(changed.statusCode).toBe(200);
    expect(lastEvent(await again.rest()).data).toEqual(ENDED);
    await expectStoppedAndStill(second.person.user.id);
  });

  it('ends within the session cache bound when another process revokes it (the row is gone, nothing told this process)', { timeout: 30_000 }, async () => {
    const { person, streaming, streamingSessionId } = await signedInTwice();
    const stream = await startStream(streaming);
    const revokedAt = Date.now();
    await t.database.db.delete(sessions).where(eq(sessions.id, streamingSessionId));
    const text = await stream.rest();
    expect(Date.now() - revokedAt).toBeLessThan(SESSION_CACHE_TTL_MS + SESSION_RECHECK_MS + 1_500);
    expect(lastEvent(text).data).toEqual(ENDED);
    await expectStoppedAndStill(person.user.id);
  });

  it('ends when the account is suspended', { timeout: 30_000 }, async () => {
    const { person, streaming } = await signedInTwice();
    const stream = await startStream(streaming);
    await t.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, person.user.id));
    t.userDataChanges.changed(); // what the admin service announces
    expect(lastEvent(await stream.rest()).data).toEqual(ENDED);
    await expectStoppedAndStill(person.user.id);
  });
});
