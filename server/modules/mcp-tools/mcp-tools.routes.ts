import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@contract/errors';
import {
  mcpServersResponseSchema,
  mcpToolParamsSchema,
  mcpToolToggleBodySchema,
  toolApprovalBodySchema,
  toolApprovalParamsSchema,
  toolApprovalResponseSchema,
} from '@contract/mcp-tools';
import { adminOnly, requireAdmin } from '../admin/require-admin';
import { requireUser } from '../auth/current-user';
import type { McpToolsService } from './mcp-tools.service';

/** The admin console's MCP servers and tools, and the user's Allow or Deny of a waiting tool call. */
export const mcpToolsRoutes: FastifyPluginAsyncZod<{ service: McpToolsService }> = async (app, { service }) => {
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

  app.get('/api/admin/mcp-servers', { onRequest: adminOnly, schema: { response: { 200: mcpServersResponseSchema, ...errors } } }, async () => ({
    servers: await service.adminView(),
  }));

  app.put(
    '/api/admin/mcp-servers/:server/tools/:tool',
    { onRequest: adminOnly, schema: { params: mcpToolParamsSchema, body: mcpToolToggleBodySchema, response: { 200: mcpServersResponseSchema, ...errors } } },
    async (request) => {
      const admin = await requireAdmin(request);
      return { servers: await service.setToolEnabled(admin.username, request.params.server, request.params.tool, request.body.enabled) };
    },
  );

  app.post(
    '/api/chat/tool-approvals/:id',
    { schema: { params: toolApprovalParamsSchema, body: toolApprovalBodySchema, response: { 200: toolApprovalResponseSchema, ...errors } } },
    async (request) => {
      const user = await requireUser(request);
      return service.decideApproval(user.id, request.params.id, request.body.approve);
    },
  );
};
