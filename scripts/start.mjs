// `npm start`: builds the client and the server when either is missing or older than its
// sources, then runs the compiled server (dist/server/main.js) in this same process: no
// TypeScript transpiler and no second Node process at run time.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer, newestMtime, SERVER_ENTRY, serverIsStale } from './build-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = join(root, 'dist/client/index.html');

const sources = ['client', 'contract'].map((dir) => newestMtime(join(root, dir)));
const clientStale = !existsSync(builtIndex) || Math.max(...sources, statSync(join(root, 'vite.config.ts')).mtimeMs) > statSync(builtIndex).mtimeMs;
if (clientStale) {
  console.log('Building the web client...');
  const build = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (serverIsStale()) {
  console.log('Building the server...');
  await buildServer();
}

// The server resolves DATA_DIR and CLIENT_DIR against the working directory.
process.chdir(root);
await import(pathToFileURL(SERVER_ENTRY).href);
