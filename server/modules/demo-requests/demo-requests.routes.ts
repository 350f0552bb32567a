import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createDemoRequestBodySchema, demoRequestSchema, updateDemoRequestBodySchema } from '@contract/demo-requests';
import { errorBodySchema } from '@contract/errors';
import { adminOnly } from '../admin/require-admin';
import type { DemoRequestsService } from './demo-requests.service';

export interface DemoRequestsRoutesOptions {
  service: DemoRequestsService;
  perHour: number;
}

export const demoRequestsRoutes: FastifyPluginAsyncZod<DemoRequestsRoutesOptions> = async (app, { service, perHour }) => {
  app.post(
    '/api/demo-requests',
    {
      config: { rateLimit: { max: perHour, timeWindow: 3600_000 } },
      schema: { body: createDemoRequestBodySchema, response: { 201: demoRequestSchema, 400: errorBodySchema, 429: errorBodySchema } },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.body)),
  );

  app.get(
    '/api/demo-requests',
    { onRequest: adminOnly, schema: { response: { 200: z.array(demoRequestSchema), 401: errorBodySchema } } },
    () => service.list(),
  );

  app.put(
    '/api/demo-requests/:id',
    {
      onRequest: adminOnly,
      schema: {
        params: z.object({ id: z.string() }),
        body: updateDemoRequestBodySchema,
        response: { 200: demoRequestSchema, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    (request) => service.update(request.params.id, request.body),
  );
};
