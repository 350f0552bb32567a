/**
 * Resolved sessions, kept for two seconds per process. A signed-in page fires several requests at
 * once and a chat polls; without this each one reads the session and its user from the database
 * (bench #5). Sign-out drops its own entry at once. A service that writes a user's account or plan
 * calls `UserDataChanges.changed()`, which drops every entry of this process; other processes of a
 * scaled-out deployment see such a change within the two seconds (docs/decisions.md).
 */

export const SESSION_CACHE_TTL_MS = 2_000;
const MAX_ENTRIES = 10_000;

/**
 * Writes to users' email, username, plan or premium period, as a generation count. One per app,
 * made in buildApp and given to the services that make such writes and to the session cache.
 */
export class UserDataChanges {
  private count = 0;

  /** Call once such a write has committed. */
  changed(): void {
    this.count++;
  }

  /** Moves on at each change: a read begun at an older generation may hold old data. */
  get generation(): number {
    return this.count;
  }
}

export class SessionCache<T> {
  private readonly entries = new Map<string, { value: T; until: number; generation: number }>();
  /** Database reads under way, by key: requests that miss together share one read. */
  private readonly reading = new Map<string, { read: Promise<T | null>; generation: number }>();

  constructor(private readonly changes: UserDataChanges) {}

  get(key: string, nowMs: number): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= nowMs || entry.generation !== this.changes.generation) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * `readAtGeneration`: the generation when the database read began, so a write during it wins.
   * `notAfterMs`: when the session itself expires; a cached entry never outlives it.
   */
  set(key: string, value: T, nowMs: number, readAtGeneration: number, notAfterMs = Number.POSITIVE_INFINITY): void {
    const generation = this.changes.generation;
    if (readAtGeneration !== generation) return;
    if (this.entries.size >= MAX_ENTRIES) {
      // Oldest first: a Map iterates in insertion order.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, until: Math.min(nowMs + SESSION_CACHE_TTL_MS, notAfterMs), generation });
  }

  /**
   * `read`'s answer for a key the cache missed, shared by every request that misses it while the
   * read is under way. Without it, each request of a signed-in page's burst, or each of twenty
   * chats sent at once, read the session again just after its entry expired (issue 19: twenty
   * reads in line on PGlite's one connection, 17-23 ms before any chat could ask its model). A
   * read begun before a user data change is not shared with a request made after it.
   */
  readOnce(key: string, read: () => Promise<T | null>): Promise<T | null> {
    const generation = this.changes.generation;
    const underWay = this.reading.get(key);
    if (underWay && underWay.generation === generation) return underWay.read;
    const shared = read().finally(() => {
      if (this.reading.get(key)?.read === shared) this.reading.delete(key);
    });
    this.reading.set(key, { read: shared, generation });
    return shared;
  }

  delete(key: string): void {
    this.entries.delete(key);
    this.reading.delete(key);
  }
}
