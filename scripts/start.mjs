// `npm start`: builds the client and the server when either is missing or older than its
// sources, then runs the compiled server (dist/server/main.js) in this same process: no
// TypeScript transpiler and no second Node process at run time. package.json's script `exec`s
// Node, so the signals npm passes on (SIGTERM, SIGINT) reach the server itself, not a shell
// between them that would die and leave the server running (issue 47).
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
    // The bundle people run, whatever NODE_ENV the shell has: under `test` or `development` Vite
    // builds React's development code, which the server's drawing of /files cannot load.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (serverIsStale()) {
  console.log('Building the server...');
  await buildServer();
}

// Started by npm, the server ends with npm: npm passes SIGTERM and SIGINT on, but when npm itself
// is killed outright (SIGKILL, a closed terminal) this process would be left holding the port and
// the data directory. Its parent changing is the sign; it then stops as on SIGTERM, draining.
if (process.env.npm_lifecycle_event === 'start') {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
  }, 500).unref();
}

// The server resolves DATA_DIR and CLIENT_DIR against the working directory.
process.chdir(root);
await import(pathToFileURL(SERVER_ENTRY).href);
