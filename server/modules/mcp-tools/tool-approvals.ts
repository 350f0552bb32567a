import { randomUUID } from 'node:crypto';

export type ApprovalDecision = 'approved' | 'denied' | 'expired';

/**
 * Tool calls waiting for the user's Allow or Deny (issue 40), in this process's memory: a call
 * waits only as long as the reply that made it streams, so nothing outlives the stream. Only the
 * user whose chat made the call may decide it; anyone else is told it does not exist. A call not
 * decided within the time limit, or whose reply is stopped, counts as denied.
 */
export class ToolApprovals {
  readonly #pending = new Map<string, { userId: string; decide: (decision: ApprovalDecision) => void }>();

  constructor(private readonly timeoutMs: number) {}

  /** A new approval for `userId`: its id (for the stream event) and the decision to wait for. */
  ask(userId: string, signal: AbortSignal): { id: string; decision: Promise<ApprovalDecision> } {
    const id = randomUUID();
    const decision = new Promise<ApprovalDecision>((resolve) => {
      const timer = setTimeout(() => settle('expired'), this.timeoutMs);
      const onAbort = () => settle('denied');
      const settle = (value: ApprovalDecision) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        this.#pending.delete(id);
        resolve(value);
      };
      if (signal.aborted) return settle('denied');
      signal.addEventListener('abort', onAbort, { once: true });
      this.#pending.set(id, { userId, decide: settle });
    });
    return { id, decision };
  }

  /** POST /api/chat/tool-approvals/:id: false when there is no such call waiting for this user. */
  decide(userId: string, id: string, approve: boolean): boolean {
    const pending = this.#pending.get(id);
    if (!pending || pending.userId !== userId) return false;
    pending.decide(approve ? 'approved' : 'denied');
    return true;
  }

  get waiting(): number {
    return this.#pending.size;
  }
}
