import { describe, expect, it } from 'vitest';
import { PendingWrites } from './pending-writes';

describe('writes that finish after the reply', () => {
  it('has nothing to wait for when a user has no pending write', () => {
    expect(new PendingWrites().pendingFor('alice')).toBeUndefined();
  });

  it('lets a user wait for their own pending writes, failed ones included, and forgets them after', async () => {
    const writes = new PendingWrites();
    const order: string[] = [];
    let finishFirst!: () => void;
    writes.track('alice', new Promise<void>((resolve) => (finishFirst = resolve)).then(() => void order.push('first stored')));
    const failing = Promise.reject(new Error('database gone'));
    failing.catch(() => undefined); // the caller reports it; the tracker only waits
    writes.track('alice', failing);
    expect(writes.pendingFor('bob')).toBeUndefined();

    const waited = writes.pendingFor('alice')!.then(() => void order.push('read after'));
    finishFirst();
    await waited;
    expect(order).toEqual(['first stored', 'read after']);
    await Promise.resolve();
    expect(writes.pendingFor('alice')).toBeUndefined();
  });

  it('drains every user’s writes', async () => {
    const writes = new PendingWrites();
    let stored = 0;
    const later = (ms: number) => new Promise<void>((resolve) => setTimeout(() => resolve(void stored++), ms));
    writes.track('alice', later(5));
    writes.track('bob', later(10));
    await writes.drain();
    expect(stored).toBe(2);
  });
});
