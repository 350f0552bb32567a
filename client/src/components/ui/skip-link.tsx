import type { MouseEvent } from 'react';

/**
 * The first focusable element of a page: jumps past the header (and on /chat the sidebar) to the
 * main content. `onJump` moves focus itself where a plain fragment link would only scroll (a
 * textarea is no fragment target).
 */
export function SkipLink({ href = '#main', label = 'Skip to main content', onJump }: { href?: string; label?: string; onJump?(): void }) {
  const jump = onJump
    ? (event: MouseEvent<HTMLAnchorElement>) => {
        event.preventDefault();
        onJump();
      }
    : undefined;
  return (
    <a
      href={href}
      onClick={jump}
      className="sr-only z-50 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-genie-800 shadow-lg focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
    >
      {label}
    </a>
  );
}
