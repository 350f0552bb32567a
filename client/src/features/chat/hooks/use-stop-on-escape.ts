import { useEffect } from 'react';

/** Escape stops a reply while it streams (an edit box or a dialog handles its own Escape first). */
export function useStopOnEscape(sending: boolean, stop: () => Promise<void>) {
  useEffect(() => {
    if (!sending) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) void stop();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [sending, stop]);
}
