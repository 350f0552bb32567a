import { useEffect, useRef } from 'react';

interface OverlayKeyHandlers {
  onNext(): void;
  onPrevious(): void;
  onEscape(): void;
  /** Enter on the overlay itself (not on a focused button or link, which Enter already activates). */
  onEnter?(): void;
}

/** ←/→/Enter/Escape for a full-screen overlay, listening on the window while it is open. */
export function useOverlayKeys(handlers: OverlayKeyHandlers) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      const onControl = target?.closest('button, a, input, textarea, select') !== null && target !== null;
      switch (event.key) {
        case 'ArrowRight':
          event.preventDefault();
          latest.current.onNext();
          break;
        case 'ArrowLeft':
          event.preventDefault();
          latest.current.onPrevious();
          break;
        case 'Enter':
          if (onControl || !latest.current.onEnter) return;
          event.preventDefault();
          latest.current.onEnter();
          break;
      }
    }
    // Escape is the overlay's before anything under it sees it: taken as the key goes down (the
    // capture phase), it is marked handled before the chat's listener on the document, which
    // would otherwise stop a streaming reply (issue 44).
    function onEscape(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      latest.current.onEscape();
    }
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keydown', onEscape, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keydown', onEscape, true);
    };
  }, []);
}
