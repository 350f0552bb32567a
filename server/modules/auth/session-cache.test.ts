import { describe, expect, it } from 'vitest';
import { SESSION_CACHE_TTL_MS, SessionCache, UserDataChanges } from './session-cache';

describe('the session cache', () => {
  it('answers within the time to live and forgets after it', () => {
    const changes = new UserDataChanges();
    const cache = new SessionCache<string>(changes);
    cache.set('token', 'alice', 1_000, changes.generation);
    expect(cache.get('token', 1_000 + SESSION_CACHE_TTL_MS - 1)).toBe('alice');
    expect(cache.get('token', 1_000 + SESSION_CACHE_TTL_MS)).toBeUndefined();
  });

  it('never answers for a session past its own expiry', () => {
    const changes = new UserDataChanges();
    const cache = new SessionCache<string>(changes);
    cache.set('token', 'alice', 1_000, changes.generation, 1_500);
    expect(cache.get('token', 1_499)).toBe('alice');
    expect(cache.get('token', 1_500)).toBeUndefined();
  });

  it('drops every entry when user data changes', () => {
    const changes = new UserDataChanges();
    const cache = new SessionCache<string>(changes);
    cache.set('token', 'alice', 0, changes.generation);
    changes.changed();
    expect(cache.get('token', 1)).toBeUndefined();
  });

  it('does not keep a read that a write overtook', () => {
    const changes = new UserDataChanges();
    const cache = new SessionCache<string>(changes);
    const readAt = changes.generation;
    changes.changed();
    cache.set('token', 'stale alice', 0, readAt);
    expect(cache.get('token', 1)).toBeUndefined();
  });

  it('forgets a signed-out token at once', () => {
    const changes = new UserDataChanges();
    const cache = new SessionCache<string>(changes);
    cache.set('token', 'alice', 0, changes.generation);
    cache.delete('token');
    expect(cache.get('token', 1)).toBeUndefined();
  });

  it('is not disturbed by another app’s changes', () => {
    const mine = new UserDataChanges();
    const cache = new SessionCache<string>(mine);
    cache.set('token', 'alice', 0, mine.generation);
    new UserDataChanges().changed();
    expect(cache.get('token', 1)).toBe('alice');
  });

  describe('reads of a missed key', () => {
    const deferred = () => {
      let resolve!: (value: string | null) => void;
      const promise = new Promise<string | null>((r) => (resolve = r));
      return { promise, resolve };
    };

    it('share one read among the requests that miss while it is under way', async () => {
      const cache = new SessionCache<string>(new UserDataChanges());
      const read = deferred();
      let reads = 0;
      const readAlice = () => {
        reads++;
        return read.promise;
      };
      const answers = Promise.all(Array.from({ length: 20 }, () => cache.readOnce('token', readAlice)));
      read.resolve('alice');
      expect(await answers).toEqual(Array.from({ length: 20 }, () => 'alice'));
      expect(reads).toBe(1);
    });

    it('read again once the read under way has answered', async () => {
      const cache = new SessionCache<string>(new UserDataChanges());
      let reads = 0;
      const readAlice = async () => `alice ${++reads}`;
      expect(await cache.readOnce('token', readAlice)).toBe('alice 1');
      expect(await cache.readOnce('token', readAlice)).toBe('alice 2');
    });

    it('do not share a failed read with the requests after it', async () => {
      const cache = new SessionCache<string>(new UserDataChanges());
      await expect(cache.readOnce('token', () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
      expect(await cache.readOnce('token', async () => 'alice')).toBe('alice');
    });

    it('do not share a read begun before a user data change with a request after it', async () => {
      const changes = new UserDataChanges();
      const cache = new SessionCache<string>(changes);
      const before = deferred();
      const first = cache.readOnce('token', () => before.promise);
      changes.changed();
      const second = cache.readOnce('token', async () => 'alice on her new plan');
      before.resolve('alice on her old plan');
      expect(await first).toBe('alice on her old plan');
      expect(await second).toBe('alice on her new plan');
    });

    it('do not share a read under way with a request after sign-out', async () => {
      const cache = new SessionCache<string>(new UserDataChanges());
      const before = deferred();
      const first = cache.readOnce('token', () => before.promise);
      cache.delete('token');
      const second = cache.readOnce('token', async () => null);
      before.resolve('alice');
      expect(await first).toBe('alice');
      expect(await second).toBeNull();
    });
  });
});
