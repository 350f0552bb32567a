import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conversationBranchBodySchema,
  conversationDetailQuerySchema,
  conversationDetailSchema,
  conversationPatchSchema,
  conversationSummarySchema,
  conversationExportQuerySchema,
  conversationIdParamsSchema,
  conversationListQuerySchema,
  conversationListResponseSchema,
} from '@contract/chat';
import { okResponseSchema } from '@contract/auth';
import { requireUser } from '../auth/current-user';
import type { ConversationsService } from './conversations.service';

export const conversationsRoutes: FastifyPluginAsyncZod<{ conversationsService: ConversationsService }> = async (
  app,
  { conversationsService: service },
) => {
  app.get(
    '/api/conversations',
    { schema: { querystring: conversationListQuerySchema, response: { 200: conversationListResponseSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return service.list(user.id, request.query.limit, request.query.cursor, request.query.search || undefined);
    },
  );

  app.get(
    '/api/conversations/:id',
    { schema: { params: conversationIdParamsSchema, querystring: conversationDetailQuerySchema, response: { 200: conversationDetailSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return service.detail(user.id, request.params.id, request.query.last);
    },
  );

  app.patch(
    '/api/conversations/:id',
    { schema: { params: conversationIdParamsSchema, body: conversationPatchSchema, response: { 200: conversationSummarySchema } } },
    async (request) => {
      const user = await requireUser(request);
      return service.patch(user.id, request.params.id, request.body);
    },
  );

  app.post(
    '/api/conversations/:id/branch',
    { schema: { params: conversationIdParamsSchema, body: conversationBranchBodySchema, response: { 200: conversationDetailSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return service.showBranch(user.id, request.params.id, request.body.messageId);
    },
  );

  app.delete(
    '/api/conversations/:id',
    { schema: { params: conversationIdParamsSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      const user = await requireUser(request);
      await service.remove(user.id, request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/conversations/:id/export',
    { schema: { params: conversationIdParamsSchema, querystring: conversationExportQuerySchema } },
    async (request, reply) => {
      const user = await requireUser(request);
      const file = await service.exportAs(user.id, request.params.id, request.query.format);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );
};
