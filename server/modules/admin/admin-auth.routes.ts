import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminLoginBodySchema, adminLoginResponseSchema } from '@contract/admin';
import { okResponseSchema } from '@contract/auth';
import { errorBodySchema } from '@contract/errors';
import { adminOnly, bearerTokenOf } from './require-admin';

export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/login',
    {
      schema: {
        body: adminLoginBodySchema,
        response: { 200: adminLoginResponseSchema, 400: errorBodySchema, 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) =>
      app.adminAuth.login(request.body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? null }),
  );

  app.post('/api/admin/logout', { onRequest: adminOnly, schema: { response: { 200: okResponseSchema, 401: errorBodySchema } } }, async (request) => {
    await app.adminAuth.logout(bearerTokenOf(request)!);
    return { ok: true as const };
  });
};
