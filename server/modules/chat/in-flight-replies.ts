/**
 * The replies being generated now, per user, so POST /api/chat/stop can abort them at once (the
 * provider call included) and answer only when each has stored what it kept. Per process: a
 * reply runs where its request arrived.
 */
interface Running {
  conversationId: string;
  stop: AbortController;
  settled: Promise<unknown>;
}

export class InFlightReplies {
  private readonly byUser = new Map<string, Set<Running>>();

  /** Tracks `reply` until it settles, and answers it. */
  async run<T>(userId: string, conversationId: string, stop: AbortController, reply: Promise<T>): Promise<T> {
    const entry: Running = { conversationId, stop, settled: reply.catch(() => undefined) };
    const running = this.byUser.get(userId) ?? new Set<Running>();
    running.add(entry);
    this.byUser.set(userId, running);
    try {
      return await reply;
    } finally {
      running.delete(entry);
      if (running.size === 0 && this.byUser.get(userId) === running) this.byUser.delete(userId);
    }
  }

  /** Stops every reply of the user; settles once each has been stored. */
  async stopAll(userId: string): Promise<{ stopped: number; conversationId: string | null }> {
    const running = [...(this.byUser.get(userId) ?? [])];
    for (const entry of running) entry.stop.abort();
    await Promise.all(running.map((entry) => entry.settled));
    return { stopped: running.length, conversationId: running.at(-1)?.conversationId ?? null };
  }
}
