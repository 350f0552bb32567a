import type { AddressInfo } from 'node:net';
import { startFakeModelServer } from '../fakes/fake-model-server';
import { adminHeaders, createAdminTestApp } from './admin-app';
import { filesystemMcpServer, waitForMcpServers } from './mcp-filesystem';

// Apart from mcp-filesystem.ts: the browser tests import that file, and their config does not
// resolve the server's `@contract` imports this one brings in.
/**
 * The set-up every MCP-tools API test shares: the fake model server, the reference filesystem
 * server as MCP server `fs`, and an app (with the admin account) whose settings `envFor` builds
 * from the fake's URL and the MCP_SERVERS value, listening on loopback, its MCP servers ready.
 */
export async function startMcpToolsApp(envFor: (fakeUrl: string, mcpServers: string) => Record<string, string>) {
  const fake = await startFakeModelServer();
  const fs = filesystemMcpServer('fs');
  const t = await createAdminTestApp({ env: envFor(fake.url, fs.setting) });
  const close = async () => {
    await t.close();
    await fake.close();
    fs.remove();
  };
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const admin = await adminHeaders(t.app);
    await waitForMcpServers(t.app, admin);
    return { fake, fs, t, base, admin, close };
  } catch (error) {
    await close();
    throw error;
  }
}
