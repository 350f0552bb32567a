/**
 * The chat's keyboard shortcuts, for the `?` dialog. `mod` is Ctrl, or ⌘ on a Mac. `action` is the
 * key of its description in the chat's texts (shortcuts.<action>), so the dialog speaks the page's language.
 */
export const CHAT_SHORTCUTS = [
  { keys: ['mod', 'K'], action: 'search' },
  { keys: ['mod', 'Shift', 'O'], action: 'newChat' },
  { keys: ['Esc'], action: 'stop' },
  { keys: ['↑'], action: 'editLast' },
  { keys: ['Enter'], action: 'send' },
  { keys: ['Shift', 'Enter'], action: 'newLine' },
  { keys: ['?'], action: 'help' },
] as const;

export type ShortcutAction = 'search' | 'new-chat' | 'help';

export interface ShortcutKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  /** The focus is in a text field (where `?` is a character, not a command). */
  typing: boolean;
}

/** Which shortcut a key press is, if any. Ctrl and ⌘ both count as the modifier on every system. */
export function shortcutOf(press: ShortcutKey): ShortcutAction | null {
  const mod = press.ctrlKey || press.metaKey;
  const key = press.key.toLowerCase();
  if (mod && !press.altKey && !press.shiftKey && key === 'k') return 'search';
  if (mod && !press.altKey && press.shiftKey && key === 'o') return 'new-chat';
  if (!mod && !press.altKey && press.key === '?' && !press.typing) return 'help';
  return null;
}

/** Whether an element takes typed text (so `?` and the arrows belong to it). */
export function isTextField(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLElement && element.isContentEditable) return true;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  return element instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(element.type);
}
