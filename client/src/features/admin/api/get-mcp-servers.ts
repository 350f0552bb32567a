import { queryOptions, useQuery } from '@tanstack/react-query';
import type { McpServersResponse } from '@contract/mcp-tools';
import { POLL_ADMIN_MS } from '@contract/limits';
import { useAdminPolling } from '../hooks/use-admin-polling';
import { ADMIN_QUERY_KEY, adminGet } from '../lib/admin-token';

/** GET /api/admin/mcp-servers: the MCP servers of MCP_SERVERS, their state and tools (issue 40). */
export const getMcpServers = () => adminGet<McpServersResponse>('/api/admin/mcp-servers');

export const mcpServersQueryOptions = () => queryOptions({ queryKey: [...ADMIN_QUERY_KEY, 'mcp-servers'], queryFn: getMcpServers });

export function useMcpServers() {
  return useQuery({ ...mcpServersQueryOptions(), ...useAdminPolling(POLL_ADMIN_MS) });
}
