import { describe, expect, it } from 'vitest';
import { SESSION_CACHE_TTL_MS, SessionCache, userDataChanged, userDataGeneration } from './session-cache';

describe('the session cache', () => {
  it('answers within the time to live and forgets after it', () => {
    const cache = new SessionCache<string>();
    cache.set('token', 'alice', 1_000, userDataGeneration());
    expect(cache.get('token', 1_000 + SESSION_CACHE_TTL_MS - 1)).toBe('alice');
    expect(cache.get('token', 1_000 + SESSION_CACHE_TTL_MS)).toBeUndefined();
  });

  it('never answers for a session past its own expiry', () => {
    const cache = new SessionCache<string>();
    cache.set('token', 'alice', 1_000, userDataGeneration(), 1_500);
    expect(cache.get('token', 1_499)).toBe('alice');
    expect(cache.get('token', 1_500)).toBeUndefined();
  });

  it('drops every entry when user data changes', () => {
    const cache = new SessionCache<string>();
    cache.set('token', 'alice', 0, userDataGeneration());
    userDataChanged();
    expect(cache.get('token', 1)).toBeUndefined();
  });

  it('does not keep a read that a write overtook', () => {
    const cache = new SessionCache<string>();
    const readAt = userDataGeneration();
    userDataChanged();
    cache.set('token', 'stale alice', 0, readAt);
    expect(cache.get('token', 1)).toBeUndefined();
  });

  it('forgets a signed-out token at once', () => {
    const cache = new SessionCache<string>();
    cache.set('token', 'alice', 0, userDataGeneration());
    cache.delete('token');
    expect(cache.get('token', 1)).toBeUndefined();
  });
});
