import { useEffect, useState } from 'react';
import { SESSION_URL, type AuthUserResponse, type SessionResponse } from '@contract/auth';

/**
 * Who is signed in, for the public pages' headers (/, /premium, /app), without TanStack Query:
 * the landing page has a JavaScript budget and no query client. One GET /api/auth/session per page
 * load, shared by every header that asks; a failed request counts as a visitor.
 */
export type SessionUser = AuthUserResponse['user'];
export type SessionState = { status: 'loading' } | { status: 'visitor' } | { status: 'signed-in'; user: SessionUser };

let pending: Promise<SessionState> | null = null;

function loadSession(): Promise<SessionState> {
  // /api/auth/session answers a visitor 200 (user null): no failed request in the console (issue 42).
  pending ??= fetch(SESSION_URL, { credentials: 'include' })
    .then(async (response): Promise<SessionState> => {
      const user = response.ok ? ((await response.json()) as SessionResponse).user : null;
      return user ? { status: 'signed-in', user } : { status: 'visitor' };
    })
    .catch((): SessionState => ({ status: 'visitor' }));
  return pending;
}

/** Forgets the answer (after signing out), so the next header asks again. */
export function forgetSession() {
  pending = null;
}

export function useSessionUser(): SessionState {
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    void loadSession().then((next) => live && setState(next));
    return () => {
      live = false;
    };
  }, []);
  return state;
}
