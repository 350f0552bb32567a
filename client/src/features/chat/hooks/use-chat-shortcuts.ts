import { useEffect, useRef } from 'react';
import { isTextField, shortcutOf, type ShortcutAction } from '../lib/shortcuts';

type Handlers = Record<ShortcutAction, () => void>;

/**
 * The chat's page-wide shortcuts (Ctrl/⌘+K, Ctrl/⌘+Shift+O, `?`), listened for on the document
 * while the chat screen is mounted. The handlers may change every render; the listener does not.
 * A key press already handled by something else (a dialog's own Escape, a menu) is left alone.
 */
export function useChatShortcuts(handlers: Handlers) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const action = shortcutOf({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        shiftKey: event.shiftKey,
        altKey: event.altKey,
        typing: isTextField(document.activeElement),
      });
      if (!action) return;
      event.preventDefault();
      latest.current[action]();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
