import { describe, expect, it } from 'vitest';
import { AccountQueueFullError, GenerationQueue, QueueFullError } from './generation-queue';

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

describe('GenerationQueue between accounts', () => {
  /** A turn of `account` that records its label when it starts and ends at once. */
  const record = (queue: GenerationQueue, order: string[], account: string, label: string) =>
    queue.acquire(undefined, account).then((release) => {
      order.push(label);
      release();
    });

  it('refuses a third waiting reply of one account with its own sentence, and still lets another account wait', async () => {
    const queue = new GenerationQueue(1, 8, 2);
    const releaseRunning = await queue.acquire(undefined, 'a');
    const order: string[] = [];
    const a1 = record(queue, order, 'a', 'a1');
    const a2 = record(queue, order, 'a', 'a2');
    await expect(queue.acquire(undefined, 'a')).rejects.toThrow(new AccountQueueFullError());
    expect(new AccountQueueFullError().message).toBe(
      'You have too many replies waiting for the local model. Please wait for one of them to finish and try again.',
    );
    const b1 = record(queue, order, 'b', 'b1');
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 1, waiting: 3 });
    releaseRunning();
    await Promise.all([a1, a2, b1]);
    expect(order).toEqual(['b1', 'a1', 'a2']);
  });

  it('serves waiting accounts in turn, not in arrival order: the account served longest ago goes first', async () => {
    const queue = new GenerationQueue(1, 8, 3);
    const releaseRunning = await queue.acquire(undefined, 'a');
    const order: string[] = [];
    const turns = [
      record(queue, order, 'a', 'a1'),
      record(queue, order, 'a', 'a2'),
      record(queue, order, 'a', 'a3'),
      record(queue, order, 'b', 'b1'),
      record(queue, order, 'b', 'b2'),
      record(queue, order, 'c', 'c1'),
    ];
    releaseRunning();
    await Promise.all(turns);
    // a held the slot: b and c (never served) go first, in the order they came, then the rotation.
    expect(order).toEqual(['b1', 'c1', 'a1', 'b2', 'a2', 'a3']);
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 0, waiting: 0 });
  });

  it('still refuses anyone once the whole line is full, with the busy sentence', async () => {
    const queue = new GenerationQueue(1, 3, 2);
    const release = await queue.acquire(undefined, 'a');
    const order: string[] = [];
    const waiting = [record(queue, order, 'a', 'a1'), record(queue, order, 'b', 'b1'), record(queue, order, 'c', 'c1')];
    await expect(queue.acquire(undefined, 'd')).rejects.toThrow(new QueueFullError());
    release();
    await Promise.all(waiting);
    expect(order).toEqual(['b1', 'c1', 'a1']);
    expect(queue.running).toBe(0);
  });

  it('frees an account’s place in line when its waiting reply is stopped', async () => {
    const queue = new GenerationQueue(1, 8, 1);
    const release = await queue.acquire(undefined, 'a');
    const abort = new AbortController();
    const stopped = queue.acquire(abort.signal, 'a');
    await expect(queue.acquire(undefined, 'a')).rejects.toBeInstanceOf(AccountQueueFullError);
    abort.abort(new Error('user stopped'));
    await expect(stopped).rejects.toThrow('user stopped');
    const again = queue.acquire(undefined, 'a');
    expect(queue.waiting).toBe(1);
    release();
    (await again)();
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 0, waiting: 0 });
  });

  it('with several slots, gives a freed slot to the account with fewer replies running', async () => {
    const queue = new GenerationQueue(3, 4);
    const busy = await Promise.all([queue.acquire(undefined, 'busy'), queue.acquire(undefined, 'busy')]);
    const quiet = await queue.acquire(undefined, 'quiet');
    const order: string[] = [];
    // "busy" asked first, but when a "busy" reply ends it has one running and "quiet" one too; a
    // "quiet" reply ending leaves quiet with none running, so quiet's next reply goes first.
    const busyNext = queue.acquire(undefined, 'busy').then((release) => (order.push('busy'), release));
    const quietNext = queue.acquire(undefined, 'quiet').then((release) => (order.push('quiet'), release));
    quiet();
    await quietNext;
    expect(order).toEqual(['quiet']);
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 3, waiting: 1 });
    busy[0]!();
    (await busyNext)();
    expect(order).toEqual(['quiet', 'busy']);
    busy[1]!();
    (await quietNext)();
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 0, waiting: 0 });
  });

  it('more slots (the model loaded with more sequences) start waiting replies at once; fewer let running ones finish', async () => {
    const queue = new GenerationQueue(1, 4);
    const first = await queue.acquire(undefined, 'a');
    const started: string[] = [];
    const waiting = ['b', 'c', 'd'].map((account) => queue.acquire(undefined, account).then((release) => (started.push(account), release)));
    queue.setSlots(3);
    const [b, c] = await Promise.all(waiting.slice(0, 2));
    expect(started).toEqual(['b', 'c']);
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 3, waiting: 1 });
    queue.setSlots(2);
    // Three run over two slots: the first to end is not replaced, the next is.
    first();
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 2, waiting: 1 });
    b!();
    const d = await waiting[2]!;
    expect(started).toEqual(['b', 'c', 'd']);
    c!();
    d();
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 0, waiting: 0 });
    expect(() => queue.setSlots(0)).toThrow(RangeError);
  });
});
