import { z } from 'zod';

/**
 * MCP tools in chat (issue 40): the tool calls a reply makes, the approval a tool that is not
 * read-only waits for, and the admin console's view of the MCP servers in MCP_SERVERS.
 */

/** Separates the server's name from the tool's in the name a model is offered: `<server>__<tool>`. */
export const TOOL_NAME_SEPARATOR = '__';

/** How a call ended: it ran (done), it ran and failed, or it was not run (denied, timed out, or a JSON request). */
export const TOOL_CALL_STATUSES = ['done', 'failed', 'denied'] as const;

/** One tool call as a reply carries and stores it: shown as a collapsible block (arguments, result). */
export const toolCallSchema = z.object({
  id: z.string(),
  server: z.string(),
  tool: z.string(),
  /** The arguments the model gave, as JSON text. */
  arguments: z.string(),
  status: z.enum(TOOL_CALL_STATUSES),
  /** The tool's text (cut at MCP_TOOL_RESULT_MAX_CHARS), or why it did not run. */
  result: z.string(),
});
export type ToolCall = z.infer<typeof toolCallSchema>;

/** SSE `tool_approval`: a call that waits for Allow or Deny (POST /api/chat/tool-approvals/:id). */
export const toolApprovalEventSchema = z.object({
  id: z.string(),
  server: z.string(),
  tool: z.string(),
  /** The arguments, as JSON text. */
  arguments: z.string(),
  /** Seconds left to decide; after that the call counts as denied. */
  expiresInSeconds: z.number().int().min(0),
});
export type ToolApprovalEvent = z.infer<typeof toolApprovalEventSchema>;

export const toolApprovalParamsSchema = z.object({ id: z.uuid({ error: 'Not a tool approval id' }) });
export const toolApprovalBodySchema = z.object({ approve: z.boolean({ error: 'approve must be true or false' }) });
export type ToolApprovalBody = z.infer<typeof toolApprovalBodySchema>;
export const toolApprovalResponseSchema = z.object({ id: z.string(), approved: z.boolean() });
export type ToolApprovalResponse = z.infer<typeof toolApprovalResponseSchema>;

/** What the user is told in a block whose call did not run. */
export const toolCallRefusals = {
  denied: 'You denied this call; the tool did not run.',
  expired: 'Nobody allowed this call in time; the tool did not run.',
  needsApproval: 'This tool changes things and needs the user to allow it, which a request without a stream cannot ask; the tool did not run.',
  unavailable: 'This tool is not available now; it did not run.',
} as const;

// ── the admin console ──

export const MCP_SERVER_STATES = ['connecting', 'ready', 'failed'] as const;
export type McpServerState = (typeof MCP_SERVER_STATES)[number];

export const mcpToolViewSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** The server marks it readOnlyHint: it runs without asking the user. */
  readOnly: z.boolean(),
  /** False when an admin turned it off for everyone. */
  enabled: z.boolean(),
});
export type McpToolView = z.infer<typeof mcpToolViewSchema>;

export const mcpServerViewSchema = z.object({
  name: z.string(),
  transport: z.enum(['stdio', 'http']),
  state: z.enum(MCP_SERVER_STATES),
  /** Why it failed (or what it is doing); null when ready. */
  message: z.string().nullable(),
  tools: z.array(mcpToolViewSchema),
});
export type McpServerView = z.infer<typeof mcpServerViewSchema>;
export const mcpServersResponseSchema = z.object({ servers: z.array(mcpServerViewSchema) });
export type McpServersResponse = z.infer<typeof mcpServersResponseSchema>;

export const mcpToolParamsSchema = z.object({
  server: z.string().min(1).max(64),
  tool: z.string().min(1).max(128),
});
export const mcpToolToggleBodySchema = z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }) });
export type McpToolToggleBody = z.infer<typeof mcpToolToggleBodySchema>;
