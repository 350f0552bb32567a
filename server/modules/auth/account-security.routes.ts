import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authOptionsSchema,
  changePasswordBodySchema,
  okResponseSchema,
  PASSWORD_RESET_ACCEPTED,
  passwordResetAcceptedSchema,
  passwordResetConfirmBodySchema,
  passwordResetRequestBodySchema,
  passwordStatusSchema,
  revokedResponseSchema,
  sessionIdParamsSchema,
  sessionsResponseSchema,
  verificationSentSchema,
  verifyEmailBodySchema,
  type AuthOptions,
} from '@contract/auth';
import { errorBodySchema } from '@contract/errors';
import { AppError } from '../../lib/app-error';
import { requireUser } from './current-user';
import type { PasswordResetService } from './password-reset.service';
import { clearSessionCookie } from './session-cookie';
import { requestLanguage } from '../../lib/request-language';

export interface AccountSecurityRoutesOptions {
  passwordResets: PasswordResetService;
  options: AuthOptions;
  secureCookies: boolean;
  attemptsPerMinute: number;
}

/** With OIDC_ONLY every password route answers this. */
export const passwordsOff = (ssoName: string) =>
  new AppError('forbidden', `Passwords are turned off here: sign in with ${ssoName}.`);

/**
 * Password change and reset, the sessions list, and what the sign-in pages offer. Each password
 * route has its own per-address limit (AUTH_RATE_LIMIT_PER_MINUTE); reset mails are also limited
 * per account (PASSWORD_RESET_MAILS_PER_HOUR, in the service).
 */
export const accountSecurityRoutes: FastifyPluginAsyncZod<AccountSecurityRoutesOptions> = async (app, opts) => {
  const rateLimit = { max: opts.attemptsPerMinute, timeWindow: 60_000 };
  const { passwordResets, options } = opts;
  const refuseWithoutPasswords = () => {
    if (!options.passwords) throw passwordsOff(options.sso?.name ?? 'single sign-on');
  };

  app.get('/api/auth/options', { schema: { response: { 200: authOptionsSchema } } }, () => options);

  app.get('/api/auth/password', { schema: { response: { 200: passwordStatusSchema, 401: errorBodySchema } } }, async (request) => ({
    set: await app.authService.hasPassword((await requireUser(request)).id),
  }));

  app.post(
    '/api/auth/password',
    { config: { rateLimit }, schema: { body: changePasswordBodySchema, response: { 200: revokedResponseSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema } } },
    async (request) => {
      const user = await requireUser(request);
      refuseWithoutPasswords();
      const { signedOut } = await app.authService.changePassword(user, request.body);
      return { revoked: signedOut };
    },
  );

  app.post(
    '/api/auth/password-reset',
    { config: { rateLimit }, schema: { body: passwordResetRequestBodySchema, response: { 202: passwordResetAcceptedSchema, 400: errorBodySchema, 403: errorBodySchema, 503: errorBodySchema } } },
    async (request, reply) => {
      refuseWithoutPasswords();
      passwordResets.request(request.body.email, requestLanguage(request.headers['accept-language']));
      return reply.status(202).send({ message: PASSWORD_RESET_ACCEPTED });
    },
  );

  app.post(
    '/api/auth/password-reset/confirm',
    { config: { rateLimit }, schema: { body: passwordResetConfirmBodySchema, response: { 200: okResponseSchema, 400: errorBodySchema, 403: errorBodySchema } } },
    async (request, reply) => {
      refuseWithoutPasswords();
      await passwordResets.confirm(request.body.token, request.body.newPassword);
      // Whoever is signed in on this browser was signed out with every other session.
      clearSessionCookie(reply, opts.secureCookies);
      return { ok: true as const };
    },
  );

  // Public: the link is opened from the mailbox, perhaps in a browser signed in as nobody (or someone else).
  app.post(
    '/api/auth/verify-email',
    { config: { rateLimit }, schema: { body: verifyEmailBodySchema, response: { 200: okResponseSchema, 400: errorBodySchema } } },
    async (request) => {
      await app.emailVerification.verify(request.body.token);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/verify-email/resend',
    {
      config: { rateLimit },
      schema: { response: { 202: verificationSentSchema, 401: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema } },
    },
    async (request, reply) => reply.status(202).send(await app.emailVerification.resend((await requireUser(request)).id, requestLanguage(request.headers['accept-language']))),
  );

  app.get('/api/auth/sessions', { schema: { response: { 200: sessionsResponseSchema, 401: errorBodySchema } } }, async (request) =>
    app.authService.sessions(await requireUser(request)),
  );

  app.delete(
    '/api/auth/sessions/:id',
    { schema: { params: sessionIdParamsSchema, response: { 200: okResponseSchema, 401: errorBodySchema, 404: errorBodySchema } } },
    async (request, reply) => {
      const { current } = await app.authService.revokeSession(await requireUser(request), request.params.id);
      if (current) clearSessionCookie(reply, opts.secureCookies);
      return { ok: true as const };
    },
  );

  app.post('/api/auth/sessions/revoke-others', { schema: { response: { 200: revokedResponseSchema, 401: errorBodySchema } } }, async (request) => {
    const user = await requireUser(request);
    return { revoked: await app.authService.endSessions(user.id, user.sessionId) };
  });
};
