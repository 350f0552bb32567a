/**
 * Where focus goes back to when a dialog closes (issue 44: it fell to the page's body after almost
 * every dialog, because Radix returns it only to a Dialog.Trigger and Genie's dialogs open from
 * state). One place decides it, for every dialog:
 * - the element that last had focus outside the dialog before it opened, if it is still on the
 *   page and can take focus;
 * - a menu item (gone with its menu) stands for the menu's trigger, which keeps its place;
 * - else the region it was in (lib/focus-keeper.ts's homes: the file list for a deleted file's
 *   menu button), else the page's main region, so the next Tab continues from the content.
 */
import { canTakeFocus, giveFocus, homeOf } from './focus-keeper';

function standIn(element: HTMLElement): HTMLElement {
  const menu = element.closest('[role="menu"]');
  if (menu?.id) {
    const trigger = document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`);
    if (trigger) return trigger;
  }
  return element;
}

/**
 * The elements focused lately, newest last, as their stand-ins. Read when a dialog mounts: by
 * then a menu item that opened it is gone, and an autofocused field inside it may hold focus.
 */
const RECENT = 20;
const recent: HTMLElement[] = [];
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    const target = event.target;
    if (!(target instanceof HTMLElement) || target === document.body) return;
    recent.push(standIn(target));
    if (recent.length > RECENT) recent.shift();
  });
}

/** The element to give focus back to when `dialog` closes: the newest one focused outside it. */
export function openerOutside(dialog: HTMLElement): HTMLElement | null {
  for (let i = recent.length - 1; i >= 0; i--) {
    const element = recent[i]!;
    if (!dialog.contains(element)) return element;
  }
  return null;
}

export function returnFocus(opener: HTMLElement | null): void {
  if (opener && canTakeFocus(opener)) {
    opener.focus();
    return;
  }
  const target = (opener && homeOf(opener)) ?? document.getElementById('main');
  if (target) giveFocus(target);
}
