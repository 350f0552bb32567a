import type { KeyboardEvent } from 'react';

const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab and Shift+Tab wrap inside a full-screen overlay (issue 44: the tour let Tab walk out into
 * the chat hidden under it). For the overlay's onKeyDown; hidden steps' controls are skipped.
 */
export function keepTabInside(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
  const overlay = event.currentTarget;
  const tabbables = Array.from(overlay.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (element) => element.checkVisibility({ visibilityProperty: true }) && !element.closest('[aria-hidden="true"], [inert]'),
  );
  const first = tabbables[0];
  const last = tabbables.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  const outside = !tabbables.includes(active as HTMLElement);
  if (event.shiftKey && (active === first || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}
