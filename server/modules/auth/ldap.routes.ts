import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authUserResponseSchema, ldapLoginBodySchema } from '@contract/auth';
import { errorBodySchema } from '@contract/errors';
import { DirectoryUnavailable } from '../../adapters/ldap/ldap-directory';
import { AppError } from '../../lib/app-error';
import { toCurrentUser } from './auth.service';
import { DIRECTORY_UNAVAILABLE, type LdapSignInService } from './ldap-sign-in.service';
import { setSessionCookie } from './session-cookie';
import { sessionOriginOf } from './session-origin';

export interface LdapRoutesOptions {
  service: LdapSignInService;
  secureCookies: boolean;
  attemptsPerMinute: number;
}

/** POST /api/auth/ldap/login: "Sign in with your company account" on /login, when LDAP_URL is set. */
export const ldapRoutes: FastifyPluginAsyncZod<LdapRoutesOptions> = async (app, opts) => {
  const rateLimit = { max: opts.attemptsPerMinute, timeWindow: 60_000 };

  app.post(
    '/api/auth/ldap/login',
    {
      config: { rateLimit },
      schema: {
        body: ldapLoginBodySchema,
        response: { 200: authUserResponseSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      try {
        const { user, token } = await opts.service.signIn(request.body, sessionOriginOf(request));
        setSessionCookie(reply, token, opts.secureCookies);
        request.log.info({ userId: user.id }, 'signed in with the company directory');
        return { user: toCurrentUser({ ...user, emailVerified: user.emailVerifiedAt !== null }) };
      } catch (error) {
        if (!(error instanceof DirectoryUnavailable)) throw error;
        // The cause goes to the log (never the password: ldapts' errors do not carry it); the person gets a sentence.
        request.log.warn({ err: error.cause ?? error }, error.message);
        throw new AppError('unavailable', DIRECTORY_UNAVAILABLE);
      }
    },
  );
};
