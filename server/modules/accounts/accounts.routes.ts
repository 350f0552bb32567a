import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  eraseAccountBodySchema,
  eraseAccountResponseSchema,
  exportIdParamsSchema,
  userExportListSchema,
  userExportSchema,
} from '@contract/accounts';
import { errorBodySchema } from '@contract/errors';
import { clearSessionCookie } from '../auth/session-cookie';
import { requireUser } from '../auth/current-user';
import { clearEraseProof, hasEraseProof } from '../auth/erase-proof';
import type { Clock } from '../../lib/clock';
import type { ErasureService } from './erasure.service';
import type { ExportsService } from './exports.service';

export interface AccountsRoutesOptions {
  exports: ExportsService;
  erasure: ErasureService;
  secureCookies: boolean;
  /** SESSION_SECRET: checks the erase proof a fresh single sign-on left. */
  secret: string;
  clock: Clock;
}

/** A user's own data: export it as a ZIP, or erase the account. Only ever the caller's own. */
export const accountsRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (app, options) => {
  const signedIn = { 401: errorBodySchema };
  app.addHook('preValidation', async (request) => {
    await requireUser(request);
  });

  app.post(
    '/api/user/export',
    { schema: { response: { 202: userExportSchema, 409: errorBodySchema, ...signedIn } } },
    async (request, reply) => reply.status(202).send(await options.exports.start((await requireUser(request)).id)),
  );

  app.get('/api/user/exports', { schema: { response: { 200: userExportListSchema, ...signedIn } } }, async (request) =>
    options.exports.list((await requireUser(request)).id),
  );

  app.get(
    '/api/user/export/:id',
    // No response schema: the body is the ZIP's bytes (errors are the usual {error, code}).
    { schema: { params: exportIdParamsSchema } },
    async (request, reply) => {
      const { row, stream } = await options.exports.open((await requireUser(request)).id, request.params.id);
      return reply
        .headers({
          'content-type': 'application/zip',
          'content-disposition': `attachment; filename="genie-export-${row.createdAt.toISOString().slice(0, 10)}.zip"`,
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
          ...(row.size !== null ? { 'content-length': String(row.size) } : {}),
        })
        .send(stream);
    },
  );

  app.delete(
    '/api/user',
    {
      schema: {
        // No body at all is a confirmation by single sign-on too (the proof is a cookie).
        body: z.preprocess((body) => body ?? {}, eraseAccountBodySchema),
        response: { 200: eraseAccountResponseSchema, 202: eraseAccountResponseSchema, 400: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema, ...signedIn },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { password } = request.body;
      const confirmation =
        password !== undefined ? { password } : hasEraseProof(request, options.secret, user.id, options.clock.now()) ? ({ freshSso: true } as const) : null;
      const result = await options.erasure.erase(user.id, confirmation);
      clearSessionCookie(reply, options.secureCookies);
      clearEraseProof(reply, options.secureCookies);
      return reply.status(result.status === 'erased' ? 200 : 202).send(result);
    },
  );
};
