// Issue 48 (restart and memory as users run Genie): packages a default Genie does not use are
// imported when first needed, not at start. The server is bundled as scripts/build-server.mjs
// bundles it, and its static imports are followed from server/main.ts: a dynamic import ends the
// walk, so what is reached is exactly what Node loads before the server listens.
import { build, type Metafile } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Packages (and files) reached from `entry` by static imports only. */
function staticallyReached(metafile: Metafile, entry: string): Set<string> {
  const reached = new Set<string>();
  const walk = (path: string) => {
    if (reached.has(path)) return;
    reached.add(path);
    for (const imported of metafile.inputs[path]?.imports ?? []) {
      if (imported.kind === 'dynamic-import') continue;
      if (imported.external) reached.add(imported.path);
      else walk(imported.path);
    }
  };
  walk(entry);
  return reached;
}

const LOADED_WHEN_NEEDED = [
  'ai',
  '@ai-sdk/anthropic',
  '@ai-sdk/openai',
  '@ai-sdk/openai-compatible',
  '@ai-sdk/xai',
  '@modelcontextprotocol/sdk/server/mcp.js',
  '@modelcontextprotocol/sdk/server/streamableHttp.js',
  '@modelcontextprotocol/sdk/client/index.js',
  '@modelcontextprotocol/sdk/client/stdio.js',
  '@modelcontextprotocol/sdk/client/streamableHttp.js',
  'file-type',
  'yazl',
  'jszip',
] as const;

describe('what the server imports before it listens', () => {
  it('leaves the model SDKs, the MCP SDK, file-type, yazl and jszip to the first request that needs them', async () => {
    const result = await build({
      absWorkingDir: root,
      entryPoints: ['server/main.ts'],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      tsconfig: `${root}tsconfig.json`,
      outdir: '/tmp/genie-start-imports',
      splitting: true,
      logLevel: 'silent',
    });
    const reached = staticallyReached(result.metafile, 'server/main.ts');
    // The walk itself: the app and the database are reached, and packages show as external paths.
    expect(reached.has('server/app.ts')).toBe(false); // main.ts imports the app dynamically, beside the database
    const app = staticallyReached(result.metafile, 'server/app.ts');
    expect(app.has('fastify')).toBe(true);
    expect(LOADED_WHEN_NEEDED.filter((name) => app.has(name) || reached.has(name))).toEqual([]);
  }, 60_000);
});
