import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { safeNext } from '@contract/safe-next';
import type { OidcClient } from '../../adapters/oidc/oidc-client';
import type { Clock } from '../../lib/clock';
import { SsoRefused, type OidcAccountsService } from './oidc-accounts.service';
import { currentUser } from './current-user';
import { setEraseProof } from './erase-proof';
import { attemptOf, clearAttemptCookie, setAttemptCookie } from './oidc-attempt-cookie';
import { setSessionCookie } from './session-cookie';
import { sessionOriginOf } from './session-origin';

export interface OidcRoutesOptions {
  client: OidcClient;
  accounts: OidcAccountsService;
  secret: string;
  clock: Clock;
  secureCookies: boolean;
  attemptsPerMinute: number;
  /** `<PUBLIC_URL>/api/auth/oidc/callback`. */
  redirectUri: string;
}

/** Where a sign-in goes when `next` is absent or not a path of this site (contract/safe-next.ts). */
const DEFAULT_NEXT = '/app';

/** Where an erasure's confirmation returns: the profile's erase dialog, which then offers the final button. */
export const ERASE_CONFIRM_PATH = '/profile?tab=settings&erase=confirm';

/**
 * GET /api/auth/oidc/start sends the browser to the provider; the provider sends it back to
 * /api/auth/oidc/callback, which signs in and goes on to `next`. Both are page navigations, so a
 * failure goes to /login?sso_error=<reason>, where the page says what happened.
 */
export const oidcRoutes: FastifyPluginAsyncZod<OidcRoutesOptions> = async (app, opts) => {
  const rateLimit = { max: opts.attemptsPerMinute, timeWindow: 60_000 };
  const fail = (reason: string) => `/login?sso_error=${reason}`;
  // An erasure's confirmation fails back to the erase dialog, which words the reason.
  const failErase = (reason: string) => `${ERASE_CONFIRM_PATH}&sso_error=${reason}`;

  app.get(
    '/api/auth/oidc/start',
    {
      config: { rateLimit },
      schema: {
        querystring: z.object({
          next: z.string().max(2000).optional(),
          /** `erase`: not a sign-in but a fresh sign-in that confirms DELETE /api/user for the signed-in account. */
          purpose: z.enum(['erase'], { error: 'purpose is erase or absent.' }).optional(),
        }),
        hide: false,
      },
    },
    async (request, reply) => {
      const erasing = request.query.purpose === 'erase';
      const user = erasing ? await currentUser(request) : null;
      if (erasing && !user) return reply.redirect(`/login?next=${encodeURIComponent('/profile')}`, 303);
      try {
        const { url, attempt } = await opts.client.start({ fresh: erasing });
        const next = erasing ? ERASE_CONFIRM_PATH : safeNext(request.query.next, DEFAULT_NEXT);
        setAttemptCookie(reply, opts.secret, attempt, next, opts.clock.now(), opts.secureCookies, user?.id);
        return reply.redirect(url, 303);
      } catch (error) {
        request.log.warn({ err: error }, 'single sign-on provider unreachable');
        return reply.redirect(erasing ? failErase('unavailable') : fail('unavailable'), 303);
      }
    },
  );

  app.get('/api/auth/oidc/callback', { config: { rateLimit }, schema: { querystring: z.record(z.string(), z.unknown()) } }, async (request, reply) => {
    const attempt = attemptOf(request, opts.secret, opts.clock.now());
    clearAttemptCookie(reply, opts.secureCookies);
    if (!attempt) return reply.redirect(fail('expired'), 303);
    const failHere = attempt.eraseFor ? failErase : fail;
    // The callback as the provider addressed it: the registered redirect URI plus this query.
    const callbackUrl = new URL(opts.redirectUri);
    callbackUrl.search = new URL(request.url, 'http://callback.invalid').search;
    if (callbackUrl.searchParams.get('state') !== attempt.state) return reply.redirect(failHere('state'), 303);
    if (callbackUrl.searchParams.has('error')) return reply.redirect(failHere('denied'), 303);
    let identity;
    try {
      identity = await opts.client.finish(callbackUrl, attempt, { fresh: attempt.eraseFor !== undefined });
    } catch (error) {
      // A wrong nonce, a bad signature, a reused code, a PKCE mismatch, a stale auth_time: openid-client said no.
      request.log.warn({ err: error }, 'single sign-on callback refused');
      return reply.redirect(failHere('failed'), 303);
    }
    if (attempt.eraseFor) {
      // Both the browser's session and the provider's identity must be the account being erased.
      const user = await currentUser(request);
      if (user?.id !== attempt.eraseFor || !(await opts.accounts.isLinkedTo(identity, attempt.eraseFor))) {
        return reply.redirect(failErase('mismatch'), 303);
      }
      setEraseProof(reply, opts.secret, attempt.eraseFor, opts.clock.now(), opts.secureCookies);
      request.log.info({ userId: attempt.eraseFor }, 'erasure confirmed with single sign-on');
      return reply.redirect(safeNext(attempt.next, DEFAULT_NEXT), 303);
    }
    try {
      const { user, linkedExisting } = await opts.accounts.accountFor(identity);
      // A suspended or erasing account gets the sentence a password sign-in gets (the login page words it).
      if (user.status !== 'active') return reply.redirect(fail(user.status), 303);
      // The provider's person now holds this account: whatever sessions it had before (perhaps of
      // someone who signed up with this address) end, once, at the link.
      if (linkedExisting) await app.authService.endSessions(user.id);
      const token = await app.authService.startSession(user.id, sessionOriginOf(request), 'single sign-on');
      setSessionCookie(reply, token, opts.secureCookies);
      request.log.info({ userId: user.id }, 'signed in with single sign-on');
      // Checked again here: the signed cookie holds what start allowed, but the redirect is what counts.
      return reply.redirect(safeNext(attempt.next, DEFAULT_NEXT), 303);
    } catch (error) {
      if (error instanceof SsoRefused) return reply.redirect(fail(error.reason), 303);
      throw error;
    }
  });
};
