/**
 * Where focus goes after an action takes away the control that had it (issue 44: after creating a
 * folder, deleting, opening a folder, an upload, Mark Contacted or signing in, focus fell to the
 * page's body, and a keyboard or screen reader user had to start again from the top). Dialogs are
 * lib/focus-return.ts's; everything else is decided here, in this order:
 * 1. the element an action named with `focusAfter` (a new folder's tile), once it is on the page;
 * 2. the nearest region around the lost control marked `data-focus-home`, if it is still there;
 * 3. the page's main region (`#main`), once the page has one.
 * A control only disabled while it works (Upload) gets focus back from 2 or 3 once it is enabled,
 * unless the user has moved on meanwhile.
 * Focus the user moved themselves (a click on plain text leaves it on the body too) is left alone:
 * focus counts as lost when it reached the body by a change on the page (the focused element
 * removed, hidden or disabled), not by a press that focused nothing.
 */

/** How long a named target or a page's main region may take to appear (a refetch, a lazy page). */
const WAIT_MS = 3000;

interface Lost {
  /** The element that had focus, still connected when it was only disabled. */
  element: HTMLElement;
  homes: HTMLElement[];
  since: number;
}

let lastFocused: HTMLElement | null = null;
/** Each element focused so far and the homes it was in then: a removed element has no ancestors left to ask. */
const homesOf = new WeakMap<HTMLElement, HTMLElement[]>();
let lost: Lost | null = null;
/** A control disabled while it works, and where focus waits for it meanwhile. */
let busy: { element: HTMLElement; standIn: HTMLElement } | null = null;
let named: { find: () => HTMLElement | null | undefined; until: number } | null = null;
let scheduled = false;
/**
 * Focus left on purpose: a press on something that takes no focus (plain text), or a script's
 * blur() of an element that could have kept it. Then the body is where focus was meant to go.
 */
let leftOnPurpose = false;
let blurred: HTMLElement | null = null;

export const canTakeFocus = (element: HTMLElement) =>
  element.isConnected &&
  !(element as HTMLButtonElement).disabled &&
  element.getAttribute('aria-hidden') !== 'true' &&
  element.getClientRects().length > 0;

const focusIsNowhere = () => document.activeElement === null || document.activeElement === document.body;

/** The first of `homes` still on the page and shown. */
const firstShown = (homes: readonly HTMLElement[] | undefined) => homes?.find((region) => region.isConnected && region.getClientRects().length > 0) ?? null;

/** Gives `element` focus, making a region focusable by script only (tabindex -1) when it is not. */
export function giveFocus(element: HTMLElement) {
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: element.id === 'main' });
}

function settle() {
  scheduled = false;
  const now = performance.now();
  if (named) {
    const target = named.find();
    if (target && canTakeFocus(target)) {
      named = null;
      lost = null;
      busy = null;
      giveFocus(target);
      return;
    }
    if (now > named.until) named = null;
    else return;
  }
  if (busy && canTakeFocus(busy.element) && (focusIsNowhere() || document.activeElement === busy.standIn)) {
    const { element } = busy;
    busy = null;
    giveFocus(element);
    return;
  }
  const onPurpose = leftOnPurpose || (blurred !== null && blurred.isConnected);
  if (!lost && lastFocused && focusIsNowhere() && !onPurpose && document.hasFocus()) {
    lost = { element: lastFocused, homes: homesOf.get(lastFocused) ?? [], since: now };
  }
  if (!lost || !focusIsNowhere()) return;
  const { element, homes, since } = lost;
  if (canTakeFocus(element)) {
    // Still here and usable: the browser dropped it while it was briefly disabled (Mark Contacted).
    lost = null;
    giveFocus(element);
    return;
  }
  const target = firstShown(homes) ?? document.getElementById('main');
  if (!target) {
    // A page still loading (a lazy route after signing in): its main region comes soon.
    if (now - since > WAIT_MS) lost = null;
    return;
  }
  lost = null;
  // Busy, not gone (Upload while it uploads): focus waits nearby and goes back when it is done.
  if (element.isConnected && (element as HTMLButtonElement).disabled) busy = { element, standIn: target };
  giveFocus(target);
}

/** One look per frame, however many changes the frame made (a streaming reply makes many). */
function scheduleSettle() {
  if (scheduled) return;
  scheduled = true;
  requestAnimationFrame(settle);
}

/** Starts watching once, for the whole app (main.tsx). */
export function installFocusKeeper() {
  document.addEventListener('pointerdown', () => (leftOnPurpose = true), { capture: true });
  document.addEventListener('focusout', (event) => {
    // Usable when it let focus go, and still on the page a frame later (a removed element also
    // sends focusout while it is being taken away): a blur() on purpose.
    if (event.relatedTarget === null && event.target instanceof HTMLElement && canTakeFocus(event.target)) blurred = event.target;
    scheduleSettle();
  });
  document.addEventListener('focusin', (event) => {
    const target = event.target;
    if (!(target instanceof HTMLElement) || target === document.body) return;
    // The user (or a dialog giving focus back) chose a place: nothing is lost any more. A named
    // target still wins over the main region a fallback put focus on meanwhile.
    lost = null;
    leftOnPurpose = false;
    blurred = null;
    if (target.id !== 'main') named = null;
    if (busy && target !== busy.standIn && target !== busy.element) busy = null;
    lastFocused = target;
    const homes: HTMLElement[] = [];
    for (let region = target.parentElement?.closest<HTMLElement>('[data-focus-home]'); region; region = region.parentElement?.closest<HTMLElement>('[data-focus-home]')) {
      homes.push(region);
    }
    homesOf.set(target, homes);
  });
  new MutationObserver(scheduleSettle).observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['disabled', 'hidden', 'aria-hidden', 'inert', 'class', 'style'],
  });
}

/**
 * After an action: focus `find()`'s element once it is on the page and can take focus (a list
 * refetch may bring it a moment later), else fall back as above after WAIT_MS.
 */
export function focusAfter(find: () => HTMLElement | null | undefined) {
  named = { find, until: performance.now() + WAIT_MS };
  scheduleSettle();
}

/**
 * The home `element` was in when it had focus, if that region is still on the page: where a
 * dialog gives focus back when its opener is gone (a deleted file's menu button: the file list).
 */
export function homeOf(element: HTMLElement): HTMLElement | null {
  return firstShown(homesOf.get(element));
}
