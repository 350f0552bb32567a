import { TOOL_PROVIDERS } from '../../adapters/llm/catalogue';
import type { ReplyRequest } from './reply-request';
import type { ChatServiceDeps } from './chat-service-deps';
import type { ToolUse } from './chat-tools';

/**
 * The MCP tools a reply may call (issue 40): none offline, for a model Genie does not offer tools
 * to (TOOL_PROVIDERS), when no server has tools ready, or when the team's policy turns tools off.
 */
export async function toolUseFor(deps: ChatServiceDeps, request: ReplyRequest, conversationId: string): Promise<ToolUse | null> {
  const tools = deps.tools;
  if (!tools || !request.choice || !TOOL_PROVIDERS.includes(request.choice.provider) || !tools.anyReady()) return null;
  // Both reads at once: each is a database round trip before the model is asked.
  const [offered, allowed] = await Promise.all([tools.offered(), deps.teamControls ? deps.teamControls.toolsAllowed(request.userId) : true]);
  if (offered.length === 0 || !allowed) return null;
  return { service: tools, offered, conversationId, maxRounds: deps.config.MCP_MAX_TOOL_ROUNDS };
}
