/**
 * Turns at the local model: `slots` replies are written at once (llama.cpp context sequences),
 * up to `maxWaiting` more wait, and one more is refused at once. Refusing early is the point: a
 * reply that would wait behind a long line is better told "busy" (429) now than left silent until
 * the provider timeout cuts it off.
 *
 * The line is shared fairly between accounts (issue 38): one account may have at most
 * `maxWaitingPerAccount` replies waiting (one more is refused with its own sentence, while other
 * accounts still get in), and a freed slot goes to the waiting account with the fewest replies
 * running (with several slots, one account's burst does not keep them all while another waits),
 * then the one served longest ago (one never served, or with nothing left running or waiting,
 * first; ties by who came first), each account's own replies in the order they came. So one account's burst cannot fill the line, nor
 * keep another account's single reply waiting behind all of it.
 */

export class QueueFullError extends Error {
  constructor() {
    super('The local model is busy answering other messages. Please try again in a minute.');
  }
}

/** The account already has its share of the line waiting. */
export class AccountQueueFullError extends QueueFullError {
  constructor() {
    super();
    this.message = 'You have too many replies waiting for the local model. Please wait for one of them to finish and try again.';
  }
}

/** Callers that name no account (tests holding the slot, scripts) share this one. */
const NO_ACCOUNT = '';

interface Waiter {
  /** Arrival order: ties between accounts never served go to the one that came first. */
  seq: number;
  start: () => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/** One account's place: kept while it has a reply running or waiting, then forgotten. */
interface AccountTurns {
  running: number;
  /** When its last turn started (the queue's turn counter); -1: not served since it came. */
  lastTurn: number;
  waiters: Waiter[];
}

export class GenerationQueue {
  private active = 0;
  private waitingCount = 0;
  private seq = 0;
  private turn = 0;
  private readonly accounts = new Map<string, AccountTurns>();

  constructor(
    private slots: number,
    private readonly maxWaiting: number,
    private readonly maxWaitingPerAccount: number = maxWaiting,
  ) {
    if (!Number.isInteger(slots) || slots < 1) throw new RangeError('a queue needs at least one slot');
  }

  /**
   * Changes how many replies run at once (the model's process says how many sequences its context
   * has once loaded); more slots start waiting replies at once, fewer let running ones finish.
   */
  setSlots(slots: number): void {
    if (!Number.isInteger(slots) || slots < 1) throw new RangeError('a queue needs at least one slot');
    this.slots = slots;
    while (this.active < this.slots && this.startNext()) this.active += 1;
  }

  get running(): number {
    return this.active;
  }

  get waiting(): number {
    return this.waitingCount;
  }

  /**
   * A turn for `account`: resolves with its `release` once it is this caller's turn. Admission is
   * decided in the call itself (a full line, or the account's full share of it, rejects before
   * anything awaits); a caller whose signal aborts while waiting leaves the line and rejects with
   * the signal's reason.
   */
  acquire(signal?: AbortSignal, account: string = NO_ACCOUNT): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const turns = this.turnsOf(account);
    if (this.active < this.slots) {
      this.active += 1;
      this.startTurn(turns);
      return Promise.resolve(this.releaser(account));
    }
    // The line's own limit first: when it is full, no account's share is the reason.
    if (this.waitingCount >= this.maxWaiting) return this.refuse(account, new QueueFullError());
    if (turns.waiters.length >= this.maxWaitingPerAccount) return this.refuse(account, new AccountQueueFullError());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { seq: this.seq++, start: () => resolve(this.releaser(account)), signal };
      if (signal) {
        waiter.onAbort = () => {
          const at = turns.waiters.indexOf(waiter);
          if (at >= 0) {
            turns.waiters.splice(at, 1);
            this.waitingCount -= 1;
            this.forgetIfIdle(account);
          }
          reject(signal.reason);
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      turns.waiters.push(waiter);
      this.waitingCount += 1;
    });
  }

  /** Runs `work` in a turn, releasing the turn however it ends. */
  async run<T>(work: () => Promise<T>, signal?: AbortSignal, account?: string): Promise<T> {
    const release = await this.acquire(signal, account);
    try {
      return await work();
    } finally {
      release();
    }
  }

  private turnsOf(account: string): AccountTurns {
    let turns = this.accounts.get(account);
    if (!turns) this.accounts.set(account, (turns = { running: 0, lastTurn: -1, waiters: [] }));
    return turns;
  }

  private refuse(account: string, error: QueueFullError): Promise<never> {
    this.forgetIfIdle(account);
    return Promise.reject(error);
  }

  private startTurn(turns: AccountTurns) {
    turns.running += 1;
    turns.lastTurn = this.turn++;
  }

  private forgetIfIdle(account: string) {
    const turns = this.accounts.get(account);
    if (turns && turns.running === 0 && turns.waiters.length === 0) this.accounts.delete(account);
  }

  /** The waiting account whose turn it is: fewest running, then served longest ago, then the one whose first reply came first. */
  private nextAccount(): [string, AccountTurns] | undefined {
    let best: [string, AccountTurns] | undefined;
    for (const entry of this.accounts) {
      const turns = entry[1];
      if (turns.waiters.length === 0) continue;
      if (!best) best = entry;
      else if (turns.running !== best[1].running) {
        if (turns.running < best[1].running) best = entry;
      } else if (turns.lastTurn < best[1].lastTurn || (turns.lastTurn === best[1].lastTurn && turns.waiters[0]!.seq < best[1].waiters[0]!.seq)) best = entry;
    }
    return best;
  }

  private releaser(account: string): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const turns = this.accounts.get(account)!;
      turns.running -= 1;
      this.forgetIfIdle(account);
      // The slot passes straight to the next account's first reply (`active` stays as it is),
      // unless the slots were cut below what runs (setSlots).
      if (this.active > this.slots || !this.startNext()) this.active -= 1;
    };
  }

  /** Starts the next waiting reply in a slot the caller accounts for; false when none waits. */
  private startNext(): boolean {
    const next = this.nextAccount();
    if (!next) return false;
    const [, nextTurns] = next;
    const waiter = nextTurns.waiters.shift()!;
    this.waitingCount -= 1;
    this.startTurn(nextTurns);
    if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener('abort', waiter.onAbort);
    waiter.start();
    return true;
  }
}
