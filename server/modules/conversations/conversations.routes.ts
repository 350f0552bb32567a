import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conversationBranchBodySchema,
  conversationDetailQuerySchema,
  conversationDetailSchema,
  conversationForkBodySchema,
  conversationPatchSchema,
  conversationSummarySchema,
  conversationExportQuerySchema,
  conversationIdParamsSchema,
  conversationListQuerySchema,
  conversationListResponseSchema,
  sharedConversationSchema,
} from '@contract/conversations';
import { projectConversationsSchema, projectIdParamsSchema } from '@contract/projects';
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

  // Issue 42: "Branch into a new chat" from any message.
  app.post(
    '/api/conversations/:id/fork',
    { schema: { params: conversationIdParamsSchema, body: conversationForkBodySchema, response: { 201: conversationSummarySchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply.code(201).send(await service.fork(user.id, request.params.id, request.body.messageId));
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

  // Issue 42: sharing with the team, read-only and revocable.
  app.post(
    '/api/conversations/:id/share',
    { schema: { params: conversationIdParamsSchema, response: { 200: conversationSummarySchema } } },
    async (request) => {
      const user = await requireUser(request);
      return service.share(user.id, request.params.id, true);
    },
  );

  app.delete(
    '/api/conversations/:id/share',
    { schema: { params: conversationIdParamsSchema, response: { 200: conversationSummarySchema } } },
    async (request) => {
      const user = await requireUser(request);
      return service.share(user.id, request.params.id, false);
    },
  );

  app.get(
    '/api/shared-conversations/:id',
    { schema: { params: conversationIdParamsSchema, response: { 200: sharedConversationSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return service.sharedDetail(user.id, request.params.id);
    },
  );

  app.post(
    '/api/shared-conversations/:id/copy',
    { schema: { params: conversationIdParamsSchema, response: { 201: conversationSummarySchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply.code(201).send(await service.copyShared(user.id, request.params.id));
    },
  );

  app.get(
    '/api/projects/:id/conversations',
    { schema: { params: projectIdParamsSchema, response: { 200: projectConversationsSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return service.inProject(user.id, request.params.id);
    },
  );
};
