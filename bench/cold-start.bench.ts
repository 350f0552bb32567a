/**
 * A lean process (issue 19, item 3): how long a restart takes until Genie answers, how long the
 * very first start takes (it creates the embedded database), and how much memory an idle Genie
 * holds. Genie runs as `npm start` runs it (the compiled dist/server/main.js, with the start
 * script's Node flags). The baseline is a bare Fastify in plain JavaScript under the same flags,
 * started in alternation with Genie; Genie on PostgreSQL (a scratch database on the local server)
 * and Genie on PGlite under Node's default flags stand beside both in the memory figure.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { spawnGenie, startNodeFlags, tempDir } from '../tests/reliability/support/genie-process';
import { createScratchDatabase } from '../tests/reliability/support/postgres';
import { alternate, showSpread, spreadOf } from './lib/alternate';
import { ensureCompiledServer, ROOT, rssOf } from './lib/processes';
import { report, round } from './lib/report';

/** BENCH_QUICK=1: one round of each, to check the bench itself on a busy machine. */
const QUICK = process.env.BENCH_QUICK === '1';
const ROUNDS = QUICK ? 1 : 5;
const IDLE_MS = 3000;
const MB = 2 ** 20;

const work = tempDir('genie-bench-start-');
await ensureCompiledServer();

/** Starts a process, waits for its address line (and, with `idle`, a quiet while), stops it. */
async function timedStart(start: () => ReturnType<typeof spawnGenie>, idle = false) {
  const began = performance.now();
  const server = start();
  try {
    await server.ready;
  } catch (error) {
    server.kill('SIGKILL');
    await server.exited;
    throw error;
  }
  const ms = performance.now() - began;
  let rss = 0;
  if (idle) {
    await sleep(IDLE_MS);
    rss = await rssOf(server.child);
  }
  server.kill('SIGTERM');
  await server.exited;
  return { ms, rss };
}

const bare = () => {
  const child = spawn(process.execPath, [...startNodeFlags(), join(ROOT, 'bench/lib/bare-fastify.mjs')], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (\S+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    void exited.then(() => reject(new Error(`bare Fastify exited:\n${output}`)));
  });
  return { child, ready, exited, output: () => output, kill: (signal: NodeJS.Signals) => void child.kill(signal) };
};
const genieOn = (dataDir: string, env: Record<string, string> = {}) => () => spawnGenie({ DATA_DIR: dataDir, LOG_LEVEL: 'error', ...env }, 180_000, { compiled: true });
/** The same compiled Genie without the start script's flags, as `node dist/server/main.js` runs it. */
const genieWithDefaultFlags = (dataDir: string) => () => spawnGenie({ DATA_DIR: dataDir, LOG_LEVEL: 'error' }, 180_000, { compiled: true, nodeFlags: [] });

try {
  // The first start: an empty DATA_DIR, so the embedded database is created and migrated.
  const firstStarts: number[] = [];
  for (let i = 0; i < (QUICK ? 1 : 2); i++) firstStarts.push((await timedStart(genieOn(join(work.dir, `first-${i}`)))).ms);
  const first = spreadOf(firstStarts);

  const dataDir = join(work.dir, 'data');
  await timedStart(genieOn(dataDir)); // created; every later start is a restart
  const restart = await alternate({ rounds: ROUNDS, baseline: async () => (await timedStart(bare)).ms, measured: async () => (await timedStart(genieOn(dataDir))).ms });

  const bareRss: number[] = [];
  const genieRss: number[] = [];
  const defaultFlagsRss: number[] = [];
  for (let i = 0; i < (QUICK ? 1 : 3); i++) {
    bareRss.push((await timedStart(bare, true)).rss / MB);
    genieRss.push((await timedStart(genieOn(dataDir), true)).rss / MB);
    defaultFlagsRss.push((await timedStart(genieWithDefaultFlags(dataDir), true)).rss / MB);
  }
  const database = await createScratchDatabase();
  const postgresRss: number[] = [];
  try {
    const onPostgres = genieOn(join(work.dir, 'pg'), { DATABASE_URL: database.url });
    await timedStart(onPostgres); // migrates the database; the starts measured are restarts, as on PGlite
    for (let i = 0; i < (QUICK ? 1 : 3); i++) postgresRss.push((await timedStart(onPostgres, true)).rss / MB);
  } finally {
    await database.drop();
  }
  const rss = spreadOf(genieRss);

  report({
    figure: 'Restart: spawn until Genie answers (compiled, PGlite, existing data)',
    baseline: `bare Fastify (plain JS): ${showSpread(restart.baseline)}, alternated over ${ROUNDS} rounds`,
    measured: `${showSpread(restart.measured)}; the first start (creates the database) ${showSpread(first)}`,
    ratio: round(restart.ratio.median),
    target: 'restart < 1500 ms',
    met: restart.measured.median < 1500,
    gap: 'Most of a restart is opening PGlite (compiling its WebAssembly and starting PostgreSQL in single-user mode), about 1.1 s on an idle core. Plan: cache the compiled WebAssembly module between starts (PGlite accepts pgliteWasmModule) once Node can serialise one.',
  });
  report({
    figure: 'Idle resident memory after a restart (3 s idle)',
    baseline: `bare Fastify: ${showSpread(spreadOf(bareRss), 'MB', 0)}; Genie on PostgreSQL ${showSpread(spreadOf(postgresRss), 'MB', 0)}`,
    measured: `Genie on PGlite ${showSpread(rss, 'MB', 0)} (npm start's flags: ${startNodeFlags().join(' ')}); under Node's default flags ${showSpread(spreadOf(defaultFlagsRss), 'MB', 0)}`,
    ratio: round(rss.median / spreadOf(bareRss).median),
    target: '< 250 MB on PGlite',
    met: rss.median < 250,
    gap: 'PGlite is a whole PostgreSQL in WebAssembly: about 30 MB of its linear memory is touched, and its start leaves memory in the allocator of each V8 helper thread that compiled it (npm start keeps one).',
  });
} finally {
  work.remove();
}
