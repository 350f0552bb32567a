import { z } from 'zod';
import { parseMcpServers, type McpServerSetting } from '../adapters/mcp/mcp-servers-setting';
import { emptyAsUndefined } from './fields';

/** MCP tools in chat (issue 40; README "API and MCP"). */
export const toolSettings = {
  /** JSON array of MCP servers: {name, command, args?, env?} (stdio) or {name, url, headers?} (streamable HTTP). */
  MCP_SERVERS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .optional()
      .transform((text, ctx): McpServerSetting[] => {
        const parsed = parseMcpServers(text);
        if ('problem' in parsed) {
          ctx.addIssue({ code: 'custom', message: parsed.problem });
          return z.NEVER;
        }
        return parsed.servers;
      }),
  ),
  /** Milliseconds one tool call (and one connection attempt with its tool list) may take. */
  MCP_TOOL_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(600_000).default(30_000)),
  /** Characters of a tool's result kept and shown to the model; the rest is cut with a note. */
  MCP_TOOL_RESULT_MAX_CHARS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(1_000_000).default(20_000)),
  /** Seconds a tool call waits for the user's Allow; after that it counts as denied. */
  MCP_APPROVAL_TIMEOUT_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().min(1).max(3600).default(300)),
  /** Tool rounds one reply may make before the model must answer in words. */
  MCP_MAX_TOOL_ROUNDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(20).default(5)),
};
