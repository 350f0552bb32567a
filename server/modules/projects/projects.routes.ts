import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@contract/auth';
import { projectCreateSchema, projectIdParamsSchema, projectListSchema, projectPatchSchema, projectSchema } from '@contract/projects';
import { requireUser } from '../auth/current-user';
import type { ProjectsService } from './projects.service';

/** /api/projects (issue 42). A project's conversations are listed by the conversations module. */
export const projectsRoutes: FastifyPluginAsyncZod<{ service: ProjectsService }> = async (app, { service }) => {
  app.get('/api/projects', { schema: { response: { 200: projectListSchema } } }, async (request) => {
    const user = await requireUser(request);
    return { projects: await service.list(user.id) };
  });

  app.post('/api/projects', { schema: { body: projectCreateSchema, response: { 201: projectSchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    return reply.code(201).send(await service.create(user.id, request.body));
  });

  app.get('/api/projects/:id', { schema: { params: projectIdParamsSchema, response: { 200: projectSchema } } }, async (request) => {
    const user = await requireUser(request);
    return service.get(user.id, request.params.id);
  });

  app.patch('/api/projects/:id', { schema: { params: projectIdParamsSchema, body: projectPatchSchema, response: { 200: projectSchema } } }, async (request) => {
    const user = await requireUser(request);
    return service.update(user.id, request.params.id, request.body);
  });

  app.delete('/api/projects/:id', { schema: { params: projectIdParamsSchema, response: { 200: okResponseSchema } } }, async (request) => {
    const user = await requireUser(request);
    await service.remove(user.id, request.params.id);
    return { ok: true as const };
  });
};
