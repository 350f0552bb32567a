import type { FastifyInstance } from 'fastify';
import { sessionTokenOf } from '../modules/auth/session-cookie';
import { registerStaticClient } from '../plugins/static-client';

/** Last, after every API route: the OpenAPI document and the built web client. */
export async function registerClient(app: FastifyInstance, clientDir: string | undefined) {
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
  await registerStaticClient(app, clientDir, (request) => sessionTokenOf(request) !== undefined);
}
