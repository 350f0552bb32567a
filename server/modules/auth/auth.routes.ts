import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authUserResponseSchema, loginBodySchema, okResponseSchema, sessionResponseSchema, signupBodySchema } from '@contract/auth';
import { errorBodySchema } from '@contract/errors';
import { currentUser, requireUser } from './current-user';
import { toCurrentUser } from './auth.service';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from './session-cookie';
import { sessionOriginOf } from './session-origin';
import { passwordsOff } from './account-security.routes';
import { requestLanguage } from '../../lib/request-language';

export interface AuthRoutesOptions {
  secureCookies: boolean;
  attemptsPerMinute: number;
  /** Null with OIDC_ONLY: sign-up and password sign-in answer 403 naming this provider instead. */
  passwordsOffFor: string | null;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const rateLimit = { max: options.attemptsPerMinute, timeWindow: 60_000 };

  app.post(
    '/api/auth/signup',
    {
      config: { rateLimit },
      schema: { body: signupBodySchema, response: { 201: authUserResponseSchema, 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema } },
    },
    async (request, reply) => {
      if (options.passwordsOffFor) throw passwordsOff(options.passwordsOffFor);
      const { user, token } = await app.authService.signup(request.body, sessionOriginOf(request));
      // A password sign-up proves nothing about the address: a link mailed there does (in the background).
      app.emailVerification.afterSignup(user, requestLanguage(request.headers['accept-language']));
      setSessionCookie(reply, token, options.secureCookies);
      return reply.status(201).send({ user });
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { rateLimit },
      schema: { body: loginBodySchema, response: { 200: authUserResponseSchema, 401: errorBodySchema, 403: errorBodySchema } },
    },
    async (request, reply) => {
      if (options.passwordsOffFor) throw passwordsOff(options.passwordsOffFor);
      const { user, token } = await app.authService.login(request.body, sessionOriginOf(request));
      setSessionCookie(reply, token, options.secureCookies);
      return { user };
    },
  );

  app.post('/api/auth/logout', { schema: { response: { 200: okResponseSchema } } }, async (request, reply) => {
    await app.authService.logout(sessionTokenOf(request));
    clearSessionCookie(reply, options.secureCookies);
    return { ok: true as const };
  });

  app.get('/api/auth/me', { schema: { response: { 200: authUserResponseSchema, 401: errorBodySchema } } }, async (request) => {
    const user = await requireUser(request);
    return { user: toCurrentUser(user) };
  });

  app.get('/api/auth/session', { schema: { response: { 200: sessionResponseSchema } } }, async (request) => {
    const user = await currentUser(request);
    return { user: user ? toCurrentUser(user) : null };
  });
};
