// Compiles the server to plain JavaScript in dist/server, so `npm start` runs no TypeScript
// transpiler (tsx cost 1.4-1.8 s on every start). One esbuild bundle of our own code (packages
// stay in node_modules), with the extraction worker and the local model's process as entries
// beside it: each is started as `./<name>.js` next to the file that starts it. The migrations are
// copied beside the bundle because the migrator finds them relative to its own file
// (server/db/migrations-folder.ts).
// `node scripts/build-server.mjs` builds unconditionally; start.mjs builds only when stale.
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_OUT_DIR = join(root, 'dist/server');
export const SERVER_ENTRY = join(SERVER_OUT_DIR, 'main.js');

/** Newest modification time of the files under `dir` (0 when it does not exist). */
export function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** True when dist/server is missing or older than a source it is built from. */
export function serverIsStale() {
  if (!existsSync(SERVER_ENTRY)) return true;
  const built = statSync(SERVER_ENTRY).mtimeMs;
  const sources = ['server', 'contract'].map((dir) => newestMtime(join(root, dir)));
  const manifests = ['package.json', 'tsconfig.json', 'scripts/build-server.mjs'].map((file) => statSync(join(root, file)).mtimeMs);
  return Math.max(...sources, ...manifests) > built;
}

export async function buildServer() {
  const { build } = await import('esbuild');
  rmSync(SERVER_OUT_DIR, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'server/main.ts',
      worker: 'server/adapters/extraction/worker.ts',
      'pglite-worker': 'server/db/pglite-worker.ts',
      'local-model-process': 'server/adapters/llm/local/local-model-process.ts',
    },
    outdir: SERVER_OUT_DIR,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    tsconfig: join(root, 'tsconfig.json'),
    // Not minified, so a stack trace's lines still read as the source.
    sourcemap: false,
    logLevel: 'warning',
    // Tests sit beside the code but are never imported by it; keep them out all the same.
    external: ['*.test.ts'],
  });
  cpSync(join(root, 'server/db/migrations'), join(SERVER_OUT_DIR, 'migrations'), { recursive: true });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildServer();
  console.log(`Built the server into ${SERVER_OUT_DIR}`);
}
