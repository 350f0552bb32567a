import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@contract/errors';
import { searchQuerySchema, searchResponseSchema } from '@contract/search';
import { requireUser } from '../auth/current-user';
import type { SearchService } from './search.service';

/** GET /api/search: passages of the caller's readable files that match, best first. */
export const searchRoutes: FastifyPluginAsyncZod<{ service: SearchService }> = async (app, { service }) => {
  app.get(
    '/api/search',
    { schema: { querystring: searchQuerySchema, response: { 200: searchResponseSchema, 400: errorBodySchema, 401: errorBodySchema } } },
    async (request) => service.search((await requireUser(request)).id, request.query),
  );
};
