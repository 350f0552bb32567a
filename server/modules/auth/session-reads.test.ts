import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app';
import { authRepository } from './auth.repository';
import { SESSION_CACHE_TTL_MS } from './session-cache';

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
});
