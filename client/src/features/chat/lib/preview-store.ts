import { useSyncExternalStore } from 'react';

/**
 * The typing preview of the reply in flight. It changes many times a second while a reply
 * streams, so it lives outside React state: only the preview bubble subscribes, and neither the
 * message list nor the composer re-renders for it.
 */
export interface Preview {
  /** greeting: the persona's greeting is typing; streaming: the reply is arriving. */
  phase: 'greeting' | 'streaming';
  text: string;
  /** Waiting for the first piece of the reply (the thinking indicator shows). */
  thinking: boolean;
  startedAt: number;
}

export function createPreviewStore() {
  let preview: Preview | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => preview,
    set(next: Preview | null) {
      preview = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type PreviewStore = ReturnType<typeof createPreviewStore>;

export const usePreview = (store: PreviewStore) => useSyncExternalStore(store.subscribe, store.get, store.get);
