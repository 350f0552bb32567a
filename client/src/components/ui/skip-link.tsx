/** The first focusable element of a page: jumps past the header to the main content. */
export function SkipLink({ href = '#main' }: { href?: string }) {
  return (
    <a
      href={href}
      className="sr-only z-50 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-genie-800 shadow-lg focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
    >
      Skip to main content
    </a>
  );
}
