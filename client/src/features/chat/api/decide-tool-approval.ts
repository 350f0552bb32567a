import { useMutation } from '@tanstack/react-query';
import { toolApprovalResponseSchema, type ToolApprovalResponse } from '@contract/mcp-tools';
import { apiRequest } from '@/lib/request';

/** POST /api/chat/tool-approvals/:id: Allow or Deny a tool call the reply in flight waits on (issue 40). */
export async function decideToolApproval(input: { id: string; approve: boolean }): Promise<ToolApprovalResponse> {
  const response = await apiRequest('POST', `/api/chat/tool-approvals/${encodeURIComponent(input.id)}`, { approve: input.approve });
  return toolApprovalResponseSchema.parse(await response.json());
}

export const useDecideToolApproval = () => useMutation({ mutationFn: decideToolApproval });
