import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { sessionTokenOf } from './session-cookie';

/** How often a long answer (a streamed reply) checks that its session still stands. */
export const SESSION_RECHECK_MS = 1_000;

/** What a request whose session ended while it ran is told. */
export const sessionEndedError = () => new AppError('not_signed_in', 'You were signed out, so this reply stopped. Sign in again to continue.');

/**
 * Calls `onEnded` once if the request's session stops resolving to `userId` while the request runs: signed
 * out, revoked (one session, or every other one, a password change), the account suspended or
 * erased, or the session expired. Each check reads through the session cache, so a revocation made
 * in this process is seen at the next check (within SESSION_RECHECK_MS), and one made in another
 * process of a scaled-out deployment within the cache's TTL more (SESSION_CACHE_TTL_MS). A check
 * that fails (the database unreachable) ends nothing: an outage is not a sign-out.
 * Returns the function that stops watching.
 */
export function watchSession(request: FastifyRequest, userId: string, onEnded: () => void, everyMs = SESSION_RECHECK_MS): () => void {
  const token = sessionTokenOf(request);
  let checking = false;
  let stopped = false;
  const stop = () => {
    stopped = true;
    clearInterval(timer);
  };
  const timer = setInterval(() => {
    if (checking || stopped) return;
    checking = true;
    const check = token ? request.server.authService.resolveSession(token) : Promise.resolve(null);
    check
      .then((user) => {
        if (stopped || (user && user.id === userId)) return;
        stop();
        onEnded();
      })
      .catch(() => undefined)
      .finally(() => (checking = false));
  }, everyMs);
  timer.unref();
  return stop;
}
