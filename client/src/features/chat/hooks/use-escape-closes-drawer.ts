import { useEffect, type RefObject } from 'react';

/** Below Tailwind's lg the expanded sidebar is a drawer over the chat (chat-screen's max-lg: classes). */
const DRAWER_WIDTHS = '(width < 64rem)';

/**
 * Escape closes the sidebar drawer on a phone or tablet (issue 44), and focus goes to its toggle,
 * which stays on screen. A dialog or menu open over it closes first (Escape is theirs), and the key
 * is taken before the chat's own Escape (stop the reply) sees it.
 */
export function useEscapeClosesDrawer(open: boolean, close: () => void, toggleRef: RefObject<HTMLButtonElement | null>) {
  useEffect(() => {
    if (!open) return;
    const drawer = window.matchMedia(DRAWER_WIDTHS);
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || !drawer.matches) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]')) return;
      event.preventDefault();
      close();
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [open, close, toggleRef]);
}
