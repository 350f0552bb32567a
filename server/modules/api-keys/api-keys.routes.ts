import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyIdParamsSchema, apiKeyListSchema, createApiKeyBodySchema, createdApiKeySchema } from '@contract/api-keys';
import { okResponseSchema } from '@contract/auth';
import { errorBodySchema } from '@contract/errors';
import { requireUser } from '../auth/current-user';
import type { ApiKeysService } from './api-keys.service';

/** The signed-in user's own API keys (the cookie API: a key cannot make or list keys). */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ service: ApiKeysService }> = async (app, { service }) => {
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

  app.post('/api/api-keys', { schema: { body: createApiKeyBodySchema, response: { 201: createdApiKeySchema, ...errors } } }, async (request, reply) => {
    const user = await requireUser(request);
    return reply.status(201).send(await service.create(user, request.body));
  });

  app.get('/api/api-keys', { schema: { response: { 200: apiKeyListSchema, ...errors } } }, async (request) => {
    const user = await requireUser(request);
    return { keys: await service.list(user.id) };
  });

  app.delete('/api/api-keys/:id', { schema: { params: apiKeyIdParamsSchema, response: { 200: okResponseSchema, ...errors } } }, async (request) => {
    const user = await requireUser(request);
    await service.revoke(user, request.params.id);
    return { ok: true as const };
  });
};
