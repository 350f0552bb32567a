import { useEffect, useState } from 'react';
import type { AuthUserResponse, SessionResponse } from '@contract/auth';
import { SESSION_URL } from '@contract/session-url';
import { offersUpgrade } from '@contract/plan-catalogue';
import type { SubscriptionInfo } from '@contract/profile';

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
  pendingSubscription = null;
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

let pendingSubscription: Promise<SubscriptionInfo | null> | null = null;

/**
 * Whether /app offers Upgrade: not to a signed-in team on Pro or Enterprise (issue 42). A visitor,
 * and anyone until their plan is known, is offered it, so SPEC's Upgrade never waits on a request.
 * The plan costs the signed-in dashboard one GET /api/user/subscription (docs/spec-deviations.md).
 */
export function useOffersUpgrade(session: SessionState): boolean {
  const [subscription, setSubscription] = useState<SubscriptionInfo | null>(null);
  const signedIn = session.status === 'signed-in';
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    pendingSubscription ??= fetch('/api/user/subscription', { credentials: 'include' })
      .then(async (response) => (response.ok ? ((await response.json()) as SubscriptionInfo) : null))
      .catch(() => null);
    void pendingSubscription.then((answer) => live && setSubscription(answer));
    return () => {
      live = false;
    };
  }, [signedIn]);
  return !signedIn || subscription === null || offersUpgrade(subscription);
}
