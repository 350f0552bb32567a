import { z } from 'zod';

/**
 * MCP_SERVERS (issue 40): the MCP servers whose tools Genie's models may use, as a JSON array.
 * A stdio server is a command Genie starts (`{name, command, args?, env?}`); a streamable HTTP
 * server is an address (`{name, url, headers?}`). The name becomes the first half of every tool's
 * name as the model sees it (`<name>__<tool>`), so it is short, plain and unique.
 */

const name = z
  .string({ error: 'name must be a string' })
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,30}[A-Za-z0-9])?$/, 'name must be 1 to 32 letters, digits or single hyphens (it prefixes tool names)');
const stringMap = (what: string) => z.record(z.string(), z.string({ error: `${what} values must be strings` }), { error: `${what} must be an object of strings` });

const stdioServer = z
  .object({
    name,
    command: z.string({ error: 'command must be a string' }).min(1, 'command must not be empty'),
    args: z.array(z.string({ error: 'args must be strings' }), { error: 'args must be an array of strings' }).optional(),
    env: stringMap('env').optional(),
  })
  .strict();
const httpServer = z
  .object({
    name,
    url: z.url({ protocol: /^https?$/, error: 'url must be an http:// or https:// address' }),
    headers: stringMap('headers').optional(),
  })
  .strict();

export type McpStdioServer = z.infer<typeof stdioServer>;
export type McpHttpServer = z.infer<typeof httpServer>;
export type McpServerSetting = McpStdioServer | McpHttpServer;

export const isStdioServer = (server: McpServerSetting): server is McpStdioServer => 'command' in server;

const USAGE = 'must be a JSON array of servers, each {"name", "command", "args"?, "env"?} (stdio) or {"name", "url", "headers"?} (streamable HTTP)';

/** The setting's text as servers; a problem is one sentence naming the server and field. */
export function parseMcpServers(text: string | undefined): { servers: McpServerSetting[] } | { problem: string } {
  if (text === undefined || text.trim() === '') return { servers: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { problem: `${USAGE}; it is not valid JSON` };
  }
  if (!Array.isArray(raw)) return { problem: `${USAGE}; it is not an array` };
  if (raw.length > 32) return { problem: `${USAGE}; at most 32 servers` };
  const servers: McpServerSetting[] = [];
  for (const [index, entry] of raw.entries()) {
    const label = `server ${index + 1}${entry && typeof entry === 'object' && typeof (entry as { name?: unknown }).name === 'string' ? ` ("${(entry as { name: string }).name}")` : ''}`;
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return { problem: `${USAGE}; ${label} is not an object` };
    const hasCommand = 'command' in entry;
    const hasUrl = 'url' in entry;
    if (hasCommand === hasUrl) return { problem: `${USAGE}; ${label} needs exactly one of command or url` };
    const parsed = (hasCommand ? stdioServer : httpServer).safeParse(entry);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const message = issue.code === 'unrecognized_keys' ? `has unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}` : issue.message;
      return { problem: `${USAGE}; ${label}: ${message}` };
    }
    if (servers.some((s) => s.name.toLowerCase() === parsed.data.name.toLowerCase())) return { problem: `${USAGE}; ${label}: the name is used twice` };
    servers.push(parsed.data);
  }
  return { servers };
}
