/**
 * Turns at the local model: `slots` replies are written at once (llama.cpp context sequences),
 * up to `maxWaiting` more wait in order, and one more is refused at once. Refusing early is the
 * point: a reply that would wait behind a long line is better told "busy" (429) now than left
 * silent until the provider timeout cuts it off.
 */

export class QueueFullError extends Error {
  constructor() {
    super('The local model is busy answering other messages. Please try again in a minute.');
  }
}

interface Waiter {
  start: () => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

export class GenerationQueue {
  private active = 0;
  private readonly waiters: Waiter[] = [];

  constructor(
    private readonly slots: number,
    private readonly maxWaiting: number,
  ) {
    if (!Number.isInteger(slots) || slots < 1) throw new RangeError('a queue needs at least one slot');
  }

  get running(): number {
    return this.active;
  }

  get waiting(): number {
    return this.waiters.length;
  }

  /**
   * A turn: resolves with its `release` once it is this caller's turn. Admission is decided in the
   * call itself (a full queue rejects with QueueFullError before anything awaits); a caller whose
   * signal aborts while waiting leaves the line and rejects with the signal's reason.
   */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.active < this.slots) {
      this.active += 1;
      return Promise.resolve(this.releaser());
    }
    if (this.waiters.length >= this.maxWaiting) return Promise.reject(new QueueFullError());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { start: () => resolve(this.releaser()), signal };
      if (signal) {
        waiter.onAbort = () => {
          const at = this.waiters.indexOf(waiter);
          if (at >= 0) this.waiters.splice(at, 1);
          reject(signal.reason);
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.waiters.push(waiter);
    });
  }

  /** Runs `work` in a turn, releasing the turn however it ends. */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const release = await this.acquire(signal);
    try {
      return await work();
    } finally {
      release();
    }
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      if (!next) {
        this.active -= 1;
        return;
      }
      // The slot passes straight to the next in line: `active` stays as it is.
      if (next.signal && next.onAbort) next.signal.removeEventListener('abort', next.onAbort);
      next.start();
    };
  }
}
