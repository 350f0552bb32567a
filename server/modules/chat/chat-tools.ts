import { toolCallRefusals, type ToolCall } from '@contract/mcp-tools';
import type { ModelTool, ModelToolCall, ToolRound } from '../../adapters/llm/model-call';
import type { OfferedTool, ToolsForChat } from '../mcp-tools/mcp-tools.service';
import type { ReplyDraft, ReplySink } from './reply-draft';

/**
 * MCP tools in a reply (issue 40): what a model is offered, and one round of the calls it makes.
 * A tool its server marks read-only runs at once; any other waits for the user's Allow, asked
 * through the stream. A reply with no way to ask (a JSON request, /v1, /mcp's ask) runs none of
 * those. Each call, run or not, is shown to the client, kept with the reply and audit-logged.
 */

/** A reply's tools: the ones on offer, and where to run and log them. */
export interface ToolUse {
  service: ToolsForChat;
  offered: OfferedTool[];
  conversationId: string;
  maxRounds: number;
}

export const modelToolsOf = (offered: OfferedTool[]): ModelTool[] =>
  offered.map((tool) => ({ name: tool.name, description: tool.description || `${tool.tool} (from ${tool.server})`, parameters: tool.inputSchema }));

/** The model's arguments as an object; null when they are not a JSON object. */
function argumentsOf(text: string): Record<string, unknown> | null {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Runs (or refuses) each call the model made in one round; returns the round as the model reads it next. */
export async function runToolRound(
  use: ToolUse,
  context: { userId: string; sink: ReplySink; draft: ReplyDraft; signal: AbortSignal },
  text: string,
  calls: ModelToolCall[],
): Promise<ToolRound> {
  const results: Record<string, string> = {};
  for (const requested of calls) {
    const call = await runOne(use, context, requested);
    results[requested.id] = call.result;
    context.draft.addToolCall(call);
    context.sink.toolCall?.(call);
    await use.service.audit(context.userId, use.conversationId, call);
  }
  return { text, calls, results };
}

async function runOne(use: ToolUse, context: { userId: string; sink: ReplySink; draft: ReplyDraft; signal: AbortSignal }, requested: ModelToolCall): Promise<ToolCall> {
  const tool = use.offered.find((t) => t.name === requested.name);
  const [server = '', toolName = requested.name] = tool ? [tool.server, tool.tool] : requested.name.split('__', 2);
  const shown = { id: requested.id, server, tool: toolName, arguments: requested.arguments };
  if (!tool) return { ...shown, status: 'failed', result: toolCallRefusals.unavailable };
  const args = argumentsOf(requested.arguments);
  if (!args) return { ...shown, status: 'failed', result: 'The arguments were not a JSON object; the tool did not run.' };
  if (!tool.readOnly) {
    if (!context.sink.toolApproval) return { ...shown, status: 'denied', result: toolCallRefusals.needsApproval };
    const approval = use.service.askApproval(context.userId, context.signal);
    context.draft.markShown();
    context.sink.toolApproval({ id: approval.id, server, tool: toolName, arguments: requested.arguments, expiresInSeconds: use.service.approvalSeconds });
    const decision = await approval.decision;
    if (decision !== 'approved') return { ...shown, status: 'denied', result: decision === 'expired' ? toolCallRefusals.expired : toolCallRefusals.denied };
  }
  const outcome = await use.service.call(tool, args, context.signal);
  return { ...shown, status: outcome.ok ? 'done' : 'failed', result: outcome.text };
}
