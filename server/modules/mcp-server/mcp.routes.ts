import type { FastifyPluginAsync } from 'fastify';
import { requireApiKeyUser } from '../api-keys/api-key-auth';
import type { ApiKeysService } from '../api-keys/api-keys.service';
import { apiDoorRefusal } from '../team-controls/team-policy-rules';
import type { McpToolDeps } from './mcp-tools';

/**
 * The MCP SDK's server side, imported at the first /mcp request: about 270 ms of CPU and 15 MB a
 * Genie nobody connects to over MCP would pay at every start (issue 48).
 */
let mcpModules: Promise<[typeof import('./mcp-tools'), typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js')]> | undefined;
const loadMcpModules = () => {
  if (!mcpModules) {
    mcpModules = Promise.all([import('./mcp-tools'), import('@modelcontextprotocol/sdk/server/streamableHttp.js')]);
    mcpModules.catch(() => (mcpModules = undefined)); // tried again by the next request
  }
  return mcpModules;
};

/**
 * POST /mcp: Genie as an MCP server over streamable HTTP, stateless (a server and a transport per
 * request, no session to keep), with a personal API key as bearer. A missing or bad key is a 401
 * (with WWW-Authenticate) before anything of the protocol runs. GET and DELETE, which only a
 * stateful server answers, are 405.
 */
export const mcpRoutes: FastifyPluginAsync<McpToolDeps & { apiKeys: ApiKeysService }> = async (app, { apiKeys, ...deps }) => {
  app.post('/mcp', async (request, reply) => {
    reply.header('www-authenticate', 'Bearer realm="genie"');
    const user = await requireApiKeyUser(request, apiKeys);
    reply.removeHeader('www-authenticate');
    // The team's policy (issue 43): API keys and Genie's MCP tools may be turned off for its members.
    const refusal = apiDoorRefusal(user.policy, 'mcp');
    if (refusal) throw refusal;

    const [{ mcpServerFor }, { StreamableHTTPServerTransport }] = await loadMcpModules();
    const clientGone = new AbortController();
    const server = mcpServerFor(user, deps, clientGone.signal);
    // Stateless: no session id; plain JSON answers (nothing here streams progress).
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) clientGone.abort();
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    reply.hijack();
    await transport.handleRequest(request.raw, reply.raw, request.body);
    return reply;
  });

  const notAllowed = { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this MCP server is stateless; send requests with POST.' }, id: null };
  app.get('/mcp', (_request, reply) => reply.status(405).header('allow', 'POST').send(notAllowed));
  app.delete('/mcp', (_request, reply) => reply.status(405).header('allow', 'POST').send(notAllowed));
};
