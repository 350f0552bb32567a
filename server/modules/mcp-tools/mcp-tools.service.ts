import { TOOL_NAME_SEPARATOR, type McpServerView, type ToolCall } from '@contract/mcp-tools';
import { McpConnection } from '../../adapters/mcp/mcp-connection';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { recordAuditEntry, USER_ACTOR } from '../admin/audit-log';
import { mcpToolsRepository as repo } from './mcp-tools.repository';
import { ToolApprovals, type ApprovalDecision } from './tool-approvals';

export interface McpToolsDeps {
  db: Db;
  config: Config;
  clock: Clock;
  log: (message: string) => void;
}

/** A tool as a model is offered it: named `<server>__<tool>`. */
export interface OfferedTool {
  name: string;
  server: string;
  tool: string;
  description: string;
  inputSchema: Record<string, unknown>;
  readOnly: boolean;
}

/** What the chat asks of MCP tools (wired in app.ts): the chat module never sees a connection. */
export interface ToolsForChat {
  /** Any server ready with tools (no query): a chat without it asks nothing more. */
  anyReady(): boolean;
  /** The tools on offer now: every ready server's tools, less those an admin turned off. */
  offered(): Promise<OfferedTool[]>;
  call(tool: OfferedTool, args: Record<string, unknown>, signal: AbortSignal): Promise<{ ok: boolean; text: string }>;
  /** A call that waits for the user: the id the stream event carries, and the decision. */
  askApproval(userId: string, signal: AbortSignal): { id: string; decision: Promise<ApprovalDecision> };
  /** Seconds the user has to decide. */
  approvalSeconds: number;
  /** Every call, run or not, goes to the audit log. */
  audit(userId: string, conversationId: string, call: ToolCall): Promise<void>;
}

/** OpenAI's rule for a function's name; a tool whose full name breaks it is not offered. */
const OFFERABLE_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const AUDIT_ARGUMENTS_MAX_CHARS = 500;

/**
 * MCP tools in chat (issue 40): the servers of MCP_SERVERS, what the admin console shows and
 * turns off, the tools a chat is offered and the approvals that wait for users.
 */
export function createMcpToolsService(deps: McpToolsDeps) {
  const { db, config, clock } = deps;
  const connections = config.MCP_SERVERS.map(
    (setting) =>
      new McpConnection(setting, {
        timeoutMs: config.MCP_TOOL_TIMEOUT_MS,
        resultMaxChars: config.MCP_TOOL_RESULT_MAX_CHARS,
        onState: (state, message) => {
          if (state === 'failed') deps.log(`MCP server "${setting.name}": ${message ?? 'failed'}`);
        },
      }),
  );
  const approvals = new ToolApprovals(config.MCP_APPROVAL_TIMEOUT_SECONDS * 1000);
  const connectionNamed = (name: string) => connections.find((c) => c.setting.name === name);
  const disabledSet = async () => new Set((await repo.listDisabled(db)).map((row) => `${row.server}${TOOL_NAME_SEPARATOR}${row.tool}`));

  async function adminView(): Promise<McpServerView[]> {
    const disabled = await disabledSet();
    return connections.map((c) => ({
      name: c.setting.name,
      transport: c.transport,
      state: c.state,
      message: c.message,
      tools: c.tools.map((t) => ({ name: t.name, description: t.description, readOnly: t.readOnly, enabled: !disabled.has(`${c.setting.name}${TOOL_NAME_SEPARATOR}${t.name}`) })),
    }));
  }

  const forChat: ToolsForChat = {
    anyReady: () => connections.some((c) => c.state === 'ready' && c.tools.length > 0),
    async offered() {
      const ready = connections.filter((c) => c.state === 'ready' && c.tools.length > 0);
      if (ready.length === 0) return [];
      const disabled = await disabledSet();
      return ready.flatMap((c) =>
        c.tools
          .map((t) => ({ name: `${c.setting.name}${TOOL_NAME_SEPARATOR}${t.name}`, server: c.setting.name, tool: t.name, description: t.description, inputSchema: t.inputSchema, readOnly: t.readOnly }))
          .filter((t) => OFFERABLE_NAME.test(t.name) && !disabled.has(t.name)),
      );
    },
    async call(tool, args, signal) {
      const connection = connectionNamed(tool.server);
      if (!connection) return { ok: false, text: `There is no MCP server "${tool.server}".` };
      return connection.call(tool.tool, args, signal);
    },
    askApproval: (userId, signal) => approvals.ask(userId, signal),
    approvalSeconds: Math.round(config.MCP_APPROVAL_TIMEOUT_SECONDS),
    async audit(userId, conversationId, call) {
      await recordAuditEntry(db, {
        actor: USER_ACTOR,
        action: 'mcp_tool_call',
        targetUserId: userId,
        targetLabel: `${call.server}${TOOL_NAME_SEPARATOR}${call.tool}`,
        details: { conversationId, server: call.server, tool: call.tool, status: call.status, arguments: call.arguments.slice(0, AUDIT_ARGUMENTS_MAX_CHARS) },
        at: clock.now(),
      });
    },
  };

  return {
    forChat,

    /** Connects every server; resolves once each is ready or has failed (a failed one keeps retrying). */
    start: () => Promise.all(connections.map((c) => c.connect())).then(() => undefined),

    close: () => Promise.all(connections.map((c) => c.close())).then(() => undefined),

    adminView,

    /** An admin turns a tool off (or on again) for everyone; a tool the server does not list is a 404. */
    async setToolEnabled(adminUsername: string, server: string, tool: string, enabled: boolean): Promise<McpServerView[]> {
      const connection = connectionNamed(server);
      if (!connection) throw notFound('That MCP server');
      if (!connection.tools.some((t) => t.name === tool)) throw notFound('That tool');
      const now = clock.now();
      await db.transaction(async (tx) => {
        if (enabled) await repo.enable(tx, server, tool);
        else await repo.disable(tx, { server, tool, disabledBy: adminUsername, disabledAt: now });
        await recordAuditEntry(tx, {
          actor: adminUsername,
          action: enabled ? 'mcp_tool_enabled' : 'mcp_tool_disabled',
          targetUserId: null,
          targetLabel: `${server}${TOOL_NAME_SEPARATOR}${tool}`,
          details: { server, tool },
          at: now,
        });
      });
      return adminView();
    },

    /** POST /api/chat/tool-approvals/:id: only the user whose chat asked; anyone else gets a 404. */
    decideApproval(userId: string, id: string, approve: boolean) {
      if (!approvals.decide(userId, id, approve)) throw notFound('That tool call');
      return { id, approved: approve };
    },
  };
}

export type McpToolsService = ReturnType<typeof createMcpToolsService>;
