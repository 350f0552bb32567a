import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { McpServersResponse } from '@contract/mcp-tools';
import { toast } from '@/components/ui/use-toast';
import { i18n } from '@/lib/i18n/i18n';
import { errorSentence } from '@/lib/error-sentence';
import { ADMIN_QUERY_KEY, adminRequest } from '../lib/admin-token';
import { mcpServersQueryOptions } from './get-mcp-servers';

/** PUT /api/admin/mcp-servers/:server/tools/:tool: turns one tool off (or on) for everyone. */
export function useSetMcpTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { server: string; tool: string; enabled: boolean }): Promise<McpServersResponse> =>
      (await adminRequest('PUT', `/api/admin/mcp-servers/${encodeURIComponent(input.server)}/tools/${encodeURIComponent(input.tool)}`, { enabled: input.enabled })).json(),
    onSuccess: (data) => {
      queryClient.setQueryData(mcpServersQueryOptions().queryKey, data);
      // The audit log has the change (its keys carry their filters: the admin root covers them all).
      return queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
    },
    onError: (error) => toast({ title: i18n.t('admin:mcp.notChanged'), description: errorSentence(error), variant: 'destructive' }),
  });
}
