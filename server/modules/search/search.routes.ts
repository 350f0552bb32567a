import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@contract/errors';
import { idParamsSchema } from '@contract/files';
import { reindexResponseSchema, searchQuerySchema, searchResponseSchema } from '@contract/search';
import { adminOnly } from '../admin/require-admin';
import { requireUser } from '../auth/current-user';
import type { ReindexService } from './reindex.service';
import type { SearchService } from './search.service';

/**
 * GET /api/search: passages of the caller's readable files that match, best first. Retry of a
 * failed file's indexing: by whoever may change the file, or by an admin (issue 47).
 */
export const searchRoutes: FastifyPluginAsyncZod<{ service: SearchService; reindex: ReindexService }> = async (app, { service, reindex }) => {
  const refused = { 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
  app.post(
    '/api/files/:id/reindex',
    { schema: { params: idParamsSchema, response: { 200: reindexResponseSchema, 400: errorBodySchema, 403: errorBodySchema, ...refused } } },
    async (request) => reindex.retryAsUser((await requireUser(request)).id, request.params.id),
  );
  app.post(
    '/api/admin/files/:id/reindex',
    { onRequest: adminOnly, schema: { params: idParamsSchema, response: { 200: reindexResponseSchema, 400: errorBodySchema, ...refused } } },
    async (request) => reindex.retryAsAdmin(request.params.id),
  );

  app.get(
    '/api/search',
    { schema: { querystring: searchQuerySchema, response: { 200: searchResponseSchema, 400: errorBodySchema, 401: errorBodySchema } } },
    async (request) => service.search((await requireUser(request)).id, request.query),
  );
};
