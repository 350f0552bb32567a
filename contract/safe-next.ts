/**
 * Where a sign-in may send the browser afterwards (`next`): only a path of this very site, else
 * `fallback`. Shared by every sign-in path: the OIDC start and callback (server) and the password
 * sign-in's `?next=` (client). Refused, whatever a URL parser would make of them:
 * - anything not starting with one `/` (`//host`, `https://…`, `javascript:`);
 * - control characters (Chromium drops tab and newline from a URL, so `/\t/evil.example` becomes
 *   `//evil.example`, another site; a newline in a Location header is a 500 in Node);
 * - backslashes (browsers read `/\evil.example` as `//evil.example`);
 * - anything outside printable ASCII (a header value must be ASCII; a real path is percent-encoded);
 * - a path that resolves to `//…` (`/.//evil.example`), or to another origin.
 */
export function safeNext(next: string | null | undefined, fallback: string): string {
  if (typeof next !== 'string' || next.length === 0 || next.length > 2000) return fallback;
  if (!/^[\x20-\x7e]+$/.test(next) || next.includes('\\')) return fallback;
  if (!next.startsWith('/') || next.startsWith('//')) return fallback;
  const origin = 'http://genie.invalid';
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin || url.pathname.startsWith('//')) return fallback;
  return next;
}
