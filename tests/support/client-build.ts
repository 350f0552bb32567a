import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Builds the production client into `outDir`, as `npm run build` does into dist/client: for the
 * end-to-end run and the browser benches, each into a directory of its own.
 */
export function buildClient(outDir: string) {
  const build = spawnSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error', '--outDir', outDir], {
    cwd: ROOT,
    // The bundle people run: Vitest sets NODE_ENV=test, under which Vite would build React's
    // development code (StrictMode's doubled effects and all).
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('The client build failed.');
}
