import { describe, expect, it } from 'vitest';
import { GenerationQueue, QueueFullError } from './generation-queue';

describe('GenerationQueue', () => {
  it('gives free slots at once, lines up the next ones in order and refuses one past the line', async () => {
    const queue = new GenerationQueue(1, 2);
    const releaseFirst = await queue.acquire();
    const order: string[] = [];
    const second = queue.acquire().then((release) => (order.push('second'), release));
    const third = queue.acquire().then((release) => (order.push('third'), release));
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 1, waiting: 2 });
    await expect(queue.acquire()).rejects.toThrow(new QueueFullError());
    expect(new QueueFullError().message).toBe('The local model is busy answering other messages. Please try again in a minute.');

    releaseFirst();
    (await second)();
    (await third)();
    expect(order).toEqual(['second', 'third']);
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once with no room to wait when the only slot is taken', async () => {
    const queue = new GenerationQueue(1, 0);
    const release = await queue.acquire();
    await expect(queue.acquire()).rejects.toBeInstanceOf(QueueFullError);
    release();
    const again = await queue.acquire();
    expect(queue.running).toBe(1);
    again();
  });

  it('takes a caller whose signal aborts out of the line, and its place is free again', async () => {
    const queue = new GenerationQueue(1, 1);
    const release = await queue.acquire();
    const abort = new AbortController();
    const waiting = queue.acquire(abort.signal);
    abort.abort(new Error('user stopped'));
    await expect(waiting).rejects.toThrow('user stopped');
    expect(queue.waiting).toBe(0);
    const next = queue.acquire();
    release();
    (await next)();
    expect(queue.running).toBe(0);
  });

  it('releases a turn once however often release is called, and after work that throws', async () => {
    const queue = new GenerationQueue(2, 0);
    const release = await queue.acquire();
    release();
    release();
    expect(queue.running).toBe(0);
    await expect(queue.run(() => Promise.reject(new Error('runtime failed')))).rejects.toThrow('runtime failed');
    expect(queue.running).toBe(0);
  });
});
