import { useSyncExternalStore } from 'react';
import type { ToolApprovalEvent, ToolCall } from '@contract/mcp-tools';

/**
 * The MCP tool calls of the reply in flight (issue 40): those done, and those waiting for the
 * user's Allow or Deny. Outside React state, like the typing preview, so only its view re-renders.
 */
export interface ToolActivity {
  calls: ToolCall[];
  waiting: ToolApprovalEvent[];
}

const EMPTY: ToolActivity = { calls: [], waiting: [] };

export function createToolActivityStore() {
  let activity = EMPTY;
  const listeners = new Set<() => void>();
  const set = (next: ToolActivity) => {
    activity = next;
    for (const listener of listeners) listener();
  };
  return {
    get: () => activity,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    asked: (event: ToolApprovalEvent) => set({ ...activity, waiting: [...activity.waiting, event] }),
    /** The user answered (or the answer failed): the card goes. */
    answered: (id: string) => set({ ...activity, waiting: activity.waiting.filter((w) => w.id !== id) }),
    /** A call ended: its block shows, and a card still waiting for the same call (timed out) goes. */
    ran(call: ToolCall) {
      const stale = activity.waiting.find((w) => w.server === call.server && w.tool === call.tool && w.arguments === call.arguments);
      set({ calls: [...activity.calls, call], waiting: stale ? activity.waiting.filter((w) => w !== stale) : activity.waiting });
    },
    clear: () => set(EMPTY),
  };
}
export type ToolActivityStore = ReturnType<typeof createToolActivityStore>;

export const useToolActivity = (store: ToolActivityStore) => useSyncExternalStore(store.subscribe, store.get, store.get);
