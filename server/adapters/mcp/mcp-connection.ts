import type { Readable } from 'node:stream';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpServerState } from '@contract/mcp-tools';
import { isStdioServer, type McpServerSetting } from './mcp-servers-setting';

type McpClientModules = [
  typeof import('@modelcontextprotocol/sdk/client/index.js'),
  typeof import('@modelcontextprotocol/sdk/client/stdio.js'),
  typeof import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
];
let clientModules: Promise<McpClientModules> | undefined;

/**
 * The MCP SDK's client side, imported by the first connection: a Genie with no MCP server
 * configured never pays its ~270 ms of CPU and 15 MB at start (issue 48).
 */
function loadClientModules(): Promise<McpClientModules> {
  if (!clientModules) {
    clientModules = Promise.all([
      import('@modelcontextprotocol/sdk/client/index.js'),
      import('@modelcontextprotocol/sdk/client/stdio.js'),
      import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    ]);
    clientModules.catch(() => (clientModules = undefined)); // tried again by the next connection
  }
  return clientModules;
}

/**
 * One MCP server of MCP_SERVERS, as Genie's client of it (issue 40): connects, lists its tools,
 * and keeps a state the admin console shows (connecting, ready, failed with the reason). A server
 * that fails or goes away is tried again after a pause that doubles up to five minutes. Every
 * request to it (connecting with its tool list, each call) is bounded by `timeoutMs`, and a
 * call's result by `resultMaxChars`.
 */

export interface McpTool {
  name: string;
  description: string;
  /** The tool's JSON Schema for its arguments, as the server gave it. */
  inputSchema: Record<string, unknown>;
  /** The server marks it readOnlyHint: true (it changes nothing, so it runs without asking). */
  readOnly: boolean;
}

export interface McpCallResult {
  ok: boolean;
  /** The result as text, cut at resultMaxChars with a note. */
  text: string;
}

export interface McpConnectionOptions {
  timeoutMs: number;
  resultMaxChars: number;
  /** Told when the state changes (logs). */
  onState?: (state: McpServerState, message: string | null) => void;
}

const FIRST_RETRY_MS = 5_000;
const LAST_RETRY_MS = 5 * 60_000;
/** A server's tool list is read in pages; more than this many tools are not offered. */
const MAX_TOOLS = 200;
const MAX_DESCRIPTION_CHARS = 1_000;
/** The last characters a stdio server wrote to stderr, shown when it fails to start. */
const STDERR_KEPT_CHARS = 400;

export class McpConnection {
  state: McpServerState = 'connecting';
  message: string | null = 'Connecting…';
  tools: McpTool[] = [];
  #client: Client | null = null;
  #retryMs = FIRST_RETRY_MS;
  #retryTimer: NodeJS.Timeout | undefined;
  #closed = false;
  #stderr = '';

  constructor(
    readonly setting: McpServerSetting,
    private readonly options: McpConnectionOptions,
  ) {}

  get transport(): 'stdio' | 'http' {
    return isStdioServer(this.setting) ? 'stdio' : 'http';
  }

  /** Connects and lists the tools; resolves when the server is ready or has failed (never rejects). */
  async connect(): Promise<void> {
    if (this.#closed) return;
    this.#setState('connecting', 'Connecting…');
    this.#stderr = '';
    let modules: McpClientModules;
    try {
      modules = await loadClientModules();
    } catch (error) {
      this.#fail(`Could not connect: ${describe(error)}`);
      return;
    }
    const [{ Client }] = modules;
    const client = new Client({ name: 'genie', version: '1.0.0' });
    const transport = this.#transportOf(modules);
    try {
      await client.connect(transport, { timeout: this.options.timeoutMs });
      this.tools = await this.#listTools(client);
    } catch (error) {
      await client.close().catch(() => undefined);
      this.#fail(`Could not connect: ${describe(error)}${this.#stderr ? ` (the server said: ${this.#stderr.trim()})` : ''}`);
      return;
    }
    if (this.#closed) {
      await client.close().catch(() => undefined);
      return;
    }
    this.#client = client;
    this.#retryMs = FIRST_RETRY_MS;
    // A server that exits or drops the connection is connected again after a pause.
    client.onclose = () => {
      if (this.#client !== client || this.#closed) return;
      this.#client = null;
      this.tools = [];
      this.#fail('The server closed the connection.');
    };
    this.#setState('ready', null);
  }

  /** Calls one of the server's tools with the model's arguments, bounded in time and result size. */
  async call(tool: string, args: Record<string, unknown>, signal: AbortSignal): Promise<McpCallResult> {
    const client = this.#client;
    if (!client || this.state !== 'ready') return { ok: false, text: `The MCP server "${this.setting.name}" is not connected.` };
    try {
      const result = await client.callTool({ name: tool, arguments: args }, undefined, { signal, timeout: this.options.timeoutMs, maxTotalTimeout: this.options.timeoutMs });
      return { ok: result.isError !== true, text: capped(textOfResult(result), this.options.resultMaxChars) };
    } catch (error) {
      if (signal.aborted) return { ok: false, text: 'The reply was stopped before the tool answered.' };
      return { ok: false, text: `The tool failed: ${describe(error)}` };
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retryTimer);
    const client = this.#client;
    this.#client = null;
    await client?.close().catch(() => undefined);
  }

  #transportOf([, { getDefaultEnvironment, StdioClientTransport }, { StreamableHTTPClientTransport }]: McpClientModules): Transport {
    const setting = this.setting;
    if (isStdioServer(setting)) {
      const transport = new StdioClientTransport({
        command: setting.command,
        args: setting.args ?? [],
        env: { ...getDefaultEnvironment(), ...setting.env },
        stderr: 'pipe',
      });
      // Kept for the failure message; a server's chatter on stderr is not Genie's log.
      (transport.stderr as Readable | null)?.on('data', (chunk: Buffer) => {
        this.#stderr = (this.#stderr + chunk.toString('utf8')).slice(-STDERR_KEPT_CHARS);
      });
      return transport;
    }
    return new StreamableHTTPClientTransport(new URL(setting.url), { requestInit: { headers: setting.headers ?? {} } });
  }

  async #listTools(client: Client): Promise<McpTool[]> {
    const tools: McpTool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : {}, { timeout: this.options.timeoutMs });
      for (const tool of page.tools) {
        if (tools.length >= MAX_TOOLS) break;
        tools.push({
          name: tool.name,
          description: (tool.description ?? '').slice(0, MAX_DESCRIPTION_CHARS),
          inputSchema: tool.inputSchema as Record<string, unknown>,
          readOnly: tool.annotations?.readOnlyHint === true,
        });
      }
      cursor = page.nextCursor;
    } while (cursor && tools.length < MAX_TOOLS);
    return tools;
  }

  #fail(message: string) {
    this.#setState('failed', message);
    if (this.#closed) return;
    const wait = this.#retryMs;
    this.#retryMs = Math.min(this.#retryMs * 2, LAST_RETRY_MS);
    clearTimeout(this.#retryTimer);
    this.#retryTimer = setTimeout(() => void this.connect(), wait);
    this.#retryTimer.unref();
  }

  #setState(state: McpServerState, message: string | null) {
    this.state = state;
    this.message = message;
    this.options.onState?.(state, message);
  }
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

type ToolResult = Awaited<ReturnType<Client['callTool']>>;

/** A call's content as text: its text parts, and a line naming anything else (an image, a resource). */
function textOfResult(result: ToolResult): string {
  const content = Array.isArray(result.content) ? (result.content as { type: string; text?: string; uri?: string; resource?: { uri?: string; text?: string } }[]) : [];
  const parts = content.map((part) => {
    if (part.type === 'text') return part.text ?? '';
    if (part.type === 'resource') return part.resource?.text ?? `[resource ${part.resource?.uri ?? ''}]`;
    if (part.type === 'resource_link') return `[resource ${part.uri ?? ''}]`;
    return `[${part.type}]`;
  });
  if (parts.length === 0 && result.structuredContent !== undefined) return JSON.stringify(result.structuredContent);
  return parts.join('\n');
}

/** The text cut at `max` characters, saying so. */
export function capped(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}\n[Cut: the result was ${text.length.toLocaleString('en-US')} characters; the first ${max.toLocaleString('en-US')} are shown.]`;
}
