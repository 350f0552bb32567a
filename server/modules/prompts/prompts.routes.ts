import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@contract/auth';
import { promptCreateSchema, promptIdParamsSchema, promptListSchema, promptPatchSchema, savedPromptSchema } from '@contract/prompts';
import { requireUser } from '../auth/current-user';
import type { PromptsService } from './prompts.service';

/** /api/prompts: the prompt library (issue 42). */
export const promptsRoutes: FastifyPluginAsyncZod<{ service: PromptsService }> = async (app, { service }) => {
  app.get('/api/prompts', { schema: { response: { 200: promptListSchema } } }, async (request) => {
    const user = await requireUser(request);
    return { prompts: await service.list(user.id) };
  });

  app.post('/api/prompts', { schema: { body: promptCreateSchema, response: { 201: savedPromptSchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    return reply.code(201).send(await service.create(user.id, request.body));
  });

  app.patch('/api/prompts/:id', { schema: { params: promptIdParamsSchema, body: promptPatchSchema, response: { 200: savedPromptSchema } } }, async (request) => {
    const user = await requireUser(request);
    return service.update(user.id, request.params.id, request.body);
  });

  app.delete('/api/prompts/:id', { schema: { params: promptIdParamsSchema, response: { 200: okResponseSchema } } }, async (request) => {
    const user = await requireUser(request);
    await service.remove(user.id, request.params.id);
    return { ok: true as const };
  });
};
