import { AppError } from './app-error';

/** What a request that would mail a link answers while PUBLIC_URL is unset (also logged once at start). */
export const NO_PUBLIC_URL =
  'Genie cannot mail links because PUBLIC_URL is not set. The operator sets PUBLIC_URL to the address people open Genie at (for example https://genie.example.com) and restarts; until then no link is mailed.';

/**
 * Every link that goes out by mail (password reset, invitation, email verification, and any later
 * one) is built here, from PUBLIC_URL alone. Never from the request: with PUBLIC_URL unset the
 * Host header is whatever the asker typed (an IP literal passes the host allow-list), and a
 * genuine mail from Genie would carry a token to the asker's server.
 */
export interface PublicLinks {
  /** Whether PUBLIC_URL is set, i.e. links can be mailed. */
  readonly configured: boolean;
  /** `<PUBLIC_URL><path>`; throws the 503 `public_url_unset` (NO_PUBLIC_URL) when PUBLIC_URL is unset. */
  mailLink(path: string): string;
  /** Throws that same 503 unless links can be mailed: call before any work a mail would follow. */
  requireConfigured(): void;
}

export function createPublicLinks(publicUrl: string | undefined): PublicLinks {
  const base = publicUrl?.replace(/\/+$/, '');
  const refuse = () => new AppError('public_url_unset', NO_PUBLIC_URL);
  return {
    configured: base !== undefined,
    mailLink(path: string) {
      if (base === undefined) throw refuse();
      if (!path.startsWith('/')) throw new Error(`a mail link's path must start with /: ${path}`);
      return `${base}${path}`;
    },
    requireConfigured() {
      if (base === undefined) throw refuse();
    },
  };
}
