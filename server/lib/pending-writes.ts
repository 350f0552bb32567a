/**
 * Writes that run after the client already has its answer: a streamed reply's usage count is
 * written after its `done` event and the end of the response (the reply itself is stored before
 * `done`, which promises it survives a crash). A later request of the same user in this process waits for that user's pending writes first
 * (it reads its own writes: the next message's history, thumbs on the reply, the conversation
 * list), and closing the app waits for all of them before the database closes.
 */
export class PendingWrites {
  private readonly byUser = new Map<string, Promise<void>>();

  /** Tracks a write; its failure is the caller's to report (this only waits for it to settle). */
  track(userId: string, write: Promise<unknown>): void {
    const previous = this.byUser.get(userId);
    const settled = Promise.allSettled(previous ? [previous, write] : [write]).then(() => undefined);
    this.byUser.set(userId, settled);
    void settled.then(() => {
      if (this.byUser.get(userId) === settled) this.byUser.delete(userId);
    });
  }

  /** Settles once the user's pending writes have; undefined when there are none (no await needed). */
  pendingFor(userId: string): Promise<void> | undefined {
    return this.byUser.get(userId);
  }

  /** Settles once every pending write has. */
  async drain(): Promise<void> {
    while (this.byUser.size > 0) await Promise.all(this.byUser.values());
  }
}
