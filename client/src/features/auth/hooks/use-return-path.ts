/** Only same-site paths: `//evil.example` or `https://…` would be an open redirect. */
export function safeReturnPath(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/chat';
  return raw;
}

export const returnPathFromLocation = () => safeReturnPath(new URLSearchParams(window.location.search).get('next'));
