import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAuditListSchema,
  adminAuditQuerySchema,
  adminPasswordResetSentSchema,
  adminTeamListQuerySchema,
  adminTeamListSchema,
  adminUserIdParamsSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserPatchSchema,
  adminUserSchema,
} from '@contract/accounts';
import { adminApiKeysRevokedSchema } from '@contract/api-keys';
import { errorBodySchema } from '@contract/errors';
import type { AdminUsersService } from './admin-users.service';
import { adminOnly, requireAdmin } from './require-admin';

/** User administration and its audit log; every route needs an admin token (401 before anything else). */
export const adminUsersRoutes: FastifyPluginAsyncZod<{ service: AdminUsersService }> = async (app, { service }) => {
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

  app.get('/api/admin/users', { onRequest: adminOnly, schema: { querystring: adminUserListQuerySchema, response: { 200: adminUserListSchema, ...errors } } }, (request) =>
    service.listUsers(request.query),
  );

  app.patch(
    '/api/admin/users/:id',
    { onRequest: adminOnly, schema: { params: adminUserIdParamsSchema, body: adminUserPatchSchema, response: { 200: adminUserSchema, ...errors } } },
    async (request) => service.updateUser((await requireAdmin(request)).username, request.params.id, request.body),
  );

  app.post(
    '/api/admin/users/:id/password-reset',
    {
      onRequest: adminOnly,
      schema: { params: adminUserIdParamsSchema, response: { 202: adminPasswordResetSentSchema, ...errors, 409: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema } },
    },
    async (request, reply) => {
      const admin = (await requireAdmin(request)).username;
      return reply.status(202).send(await service.sendPasswordReset(admin, request.params.id));
    },
  );

  app.delete(
    '/api/admin/users/:id/api-keys',
    { onRequest: adminOnly, schema: { params: adminUserIdParamsSchema, response: { 200: adminApiKeysRevokedSchema, ...errors } } },
    async (request) => service.revokeApiKeys((await requireAdmin(request)).username, request.params.id),
  );

  app.get('/api/admin/teams', { onRequest: adminOnly, schema: { querystring: adminTeamListQuerySchema, response: { 200: adminTeamListSchema, ...errors } } }, (request) =>
    service.listTeams(request.query),
  );

  app.get('/api/admin/audit', { onRequest: adminOnly, schema: { querystring: adminAuditQuerySchema, response: { 200: adminAuditListSchema, ...errors } } }, (request) =>
    service.audit(request.query),
  );
};
