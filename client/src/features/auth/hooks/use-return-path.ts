import { safeNext } from '@contract/safe-next';

/** Only same-site paths (contract/safe-next.ts): `//evil.example`, `/\t/evil.example` or `https://…` would be an open redirect. */
export function safeReturnPath(raw: string | null | undefined): string {
  return safeNext(raw, '/chat');
}

export const returnPathFromLocation = () => safeReturnPath(new URLSearchParams(window.location.search).get('next'));
