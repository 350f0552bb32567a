import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import { authRepository } from './auth.repository';
import { SESSION_CACHE_TTL_MS, SESSION_REFRESH_AFTER_MS } from './session-cache';

/**
 * Twenty requests of one session at once, just after its cached entry expired (a signed-in page's
 * first reads, or chats sent together): the session is read from the database once, not twenty
 * times (issue 19: twenty chats queued twenty reads on PGlite's one connection).
 */
describe('session reads', () => {
  let t: TestApp;
  const clock = new ManualClock(new Date('2026-11-25T08:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp({ deps: { clock } });
  });
  afterAll(() => t.close());

  it('are shared by the requests of one session that miss the cache together', async () => {
    const { cookie, user } = await signUp(t.app);
    clock.advance(SESSION_CACHE_TTL_MS);
    const reads = vi.spyOn(authRepository, 'findLiveSession');
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })));
      expect(answers.map((a) => [a.statusCode, a.json().user.id])).toEqual(Array.from({ length: 20 }, () => [200, user.id]));
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
  });

  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

  it('of a session in use happen ahead of its expiry, and no request waits for them', async () => {
    const { cookie, user } = await signUp(t.app);
    clock.advance(SESSION_CACHE_TTL_MS);
    expect((await me(cookie)).statusCode).toBe(200); // read and cached now
    clock.advance(SESSION_REFRESH_AFTER_MS);
    const read = authRepository.findLiveSession;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const reads = vi.spyOn(authRepository, 'findLiveSession').mockImplementation(async (...args) => {
      await held;
      return read(...args);
    });
    try {
      // Answered from the entry while its read is held back: the read runs beside the request.
      const answer = await me(cookie);
      expect([answer.statusCode, answer.json().user.id, reads.mock.calls.length]).toEqual([200, user.id, 1]);
      release();
      await vi.waitFor(() => expect(reads.mock.results[0]?.type).toBe('return'));
      await reads.mock.results[0]!.value;
      // Two seconds after the first read, when its entry has expired: the entry read again answers,
      // though the next read (due again) never ends.
      reads.mockImplementation(() => new Promise(() => {}));
      clock.advance(SESSION_CACHE_TTL_MS - SESSION_REFRESH_AFTER_MS);
      const later = await me(cookie);
      expect([later.statusCode, later.json().user.id, reads.mock.calls.length]).toEqual([200, user.id, 2]);
    } finally {
      reads.mockRestore();
    }
  });

  it('ahead of expiry drop a session that ended meanwhile, so the next request is refused', async () => {
    const { cookie } = await signUp(t.app);
    clock.advance(SESSION_CACHE_TTL_MS);
    expect((await me(cookie)).statusCode).toBe(200);
    clock.advance(SESSION_REFRESH_AFTER_MS);
    // Signed out by another process: the row is gone, this process's entry is not.
    const reads = vi.spyOn(authRepository, 'findLiveSession').mockResolvedValue(null);
    try {
      expect((await me(cookie)).statusCode).toBe(200);
      await vi.waitFor(() => expect(reads).toHaveBeenCalledTimes(1));
      await reads.mock.results[0]!.value;
      await new Promise((resolve) => setImmediate(resolve));
      expect((await me(cookie)).statusCode).toBe(401);
    } finally {
      reads.mockRestore();
    }
  });
});
