import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuthUserResponse, SessionResponse } from '@contract/auth';
import { SESSION_URL } from '@contract/session-url';
import { getJson } from './request';

// Shared rather than in features/auth: sign-in and sign-out set it, and a profile edit (features/
// profile) refreshes it, and features never import each other.

/**
 * GET /api/auth/session: the signed-in user, or null for a visitor. Not /api/auth/me, whose 401
 * for a visitor the browser logs as a failed request on every signed-out page (issue 42).
 */
export async function getMe(signal?: AbortSignal): Promise<AuthUserResponse | null> {
  const { user } = await getJson<SessionResponse>(SESSION_URL, { signal });
  return user ? { user } : null;
}

export const meQueryOptions = () => queryOptions({ queryKey: ['me'], queryFn: ({ signal }) => getMe(signal) });

export const useMe = () => useQuery(meQueryOptions());
