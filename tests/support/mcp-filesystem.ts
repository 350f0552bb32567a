import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * The reference MCP filesystem server (@modelcontextprotocol/server-filesystem, from npm) over
 * stdio on a fresh temporary folder: the MCP_SERVERS value that makes Genie start it as `name`.
 * Run by this Node itself, so no npx and no network.
 */
export function filesystemMcpServer(name = 'fs') {
  // realpath: the server compares the paths it is asked for with its folder's real path (macOS /tmp).
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'genie-mcp-fs-')));
  const entry = join(process.cwd(), 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');
  return {
    dir,
    setting: JSON.stringify([{ name, command: process.execPath, args: [entry, dir] }]),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Waits until every MCP server the admin console lists is ready; throws with a server's own
 * reason as soon as one has failed (a server that cannot start fails the test).
 */
export async function waitForMcpServers(app: FastifyInstance, headers: { authorization: string }, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await app.inject({ method: 'GET', url: '/api/admin/mcp-servers', headers });
    if (response.statusCode !== 200) throw new Error(`GET /api/admin/mcp-servers answered ${response.statusCode}: ${response.body}`);
    const servers = (response.json() as { servers: { name: string; state: string; message: string | null }[] }).servers;
    const failed = servers.find((s) => s.state === 'failed');
    if (failed) throw new Error(`MCP server "${failed.name}" could not start: ${failed.message}`);
    if (servers.every((s) => s.state === 'ready')) return servers;
    if (Date.now() > deadline) throw new Error(`MCP servers not ready after ${timeoutMs} ms: ${JSON.stringify(servers)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
