// The processes bench/outside measures, each started as its user starts it and talked to only over
// HTTP: Genie through `npm start` (in a process group of its own, so the group's memory can be
// summed and its end checked), the suite's fake model server, the 30-line proxy and bare Fastify.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** A port nobody listens on now: Genie is given a fixed one so /api/health can be polled from spawn. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export function tempDataDir(tag) {
  const dir = mkdtempSync(join(tmpdir(), `genie-outside-${tag}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Spawns a command and resolves with the first match of `ready` in its output. */
function spawnReady(command, args, ready, options = {}) {
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...options });
  let output = '';
  const matched = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk.toString();
      if (output.length > 200_000) output = output.slice(-100_000);
      const match = ready.exec(output);
      if (match) resolve(match);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code, signal) => reject(new Error(`${command} ${args.join(' ')} exited ${code ?? signal}:\n${output.slice(-3000)}`)));
  });
  matched.catch(() => undefined);
  return { child, matched, output: () => output };
}

/** The suite's fake OpenAI-compatible model server (tests/fakes/fake-model-server.ts), as its own process, pacing its replies. */
export async function startFakeModel() {
  const fake = spawnReady(process.execPath, ['--import', 'tsx', 'tests/fakes/fake-model-server.ts', '--port', '0'], /FAKE_MODEL_SERVER_URL=(\S+)/);
  const url = (await fake.matched)[1];
  // Replies as bench/chat-stream.bench.ts has them: 20 words, 20 ms apart (a model writing at 50
  // tokens a second). Answered all at once, the first replies of a round ended, were stored and
  // asked for their titles while the round's later chats were still starting (issue 48).
  await fetch(url.replace(/\/v1$/, '/__fake/behaviour'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'slow', tokenDelayMs: 20, reply: Array.from({ length: 20 }, (_, i) => `token${i}`).join(' ') }),
  });
  return { child: fake.child, url };
}

/** bench/lib/minimal-proxy.mjs in front of the fake: the floor of a chat. */
export async function startProxy(fakeUrl) {
  const proxy = spawnReady(process.execPath, ['bench/lib/minimal-proxy.mjs', fakeUrl], /PROXY_URL=(\S+)/);
  return { child: proxy.child, url: (await proxy.matched)[1] };
}

/** bench/lib/bare-fastify.mjs: the floor of a read and of a start. */
export function spawnBare() {
  const bare = spawnReady(process.execPath, ['bench/lib/bare-fastify.mjs'], /running at (http:\/\/\S+)/);
  return { child: bare.child, url: bare.matched.then((m) => m[1]) };
}

/**
 * `npm start` on `dataDir` at `port`, in a process group of its own (detached), provider the fake.
 * Titles and every other setting stay at their defaults, except the sign-up and chat rate limits,
 * which a bench signing up 200 accounts in a second would otherwise hit.
 */
export function spawnGenie({ dataDir, port, fakeUrl, databaseUrl = '' }) {
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: 'outside-bench-secret-that-is-long-enough-to-pass',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    CHAT_RATE_LIMIT_PER_MINUTE: '100000',
    OPENAI_COMPATIBLE_BASE_URL: fakeUrl,
    GENIE_MODEL_DEFAULT: 'openai-compatible:fake-model',
  };
  const started = performance.now();
  const genie = spawnReady('npm', ['start', '--silent'], /Genie is running at/, { env, detached: true });
  return { child: genie.child, started, url: `http://127.0.0.1:${port}`, output: genie.output, printed: genie.matched };
}

/** Polls /api/health until it answers 200; resolves with the milliseconds since `since`. */
export async function healthyAfter(url, since, timeoutMs = 300_000) {
  for (;;) {
    try {
      const response = await fetch(`${url}/api/health`);
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - since;
    } catch {
      // Not listening yet.
    }
    if (performance.now() - since > timeoutMs) throw new Error(`${url} not healthy after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Pids of every live process in process group `pgid`, from /proc. */
export function groupPids(pgid) {
  const pids = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields[0] is the state (Z: a zombie holds no memory), fields[2] the process group.
      if (Number(fields[2]) === pgid && fields[0] !== 'Z') pids.push(Number(name));
    } catch {
      // The process ended while /proc was read.
    }
  }
  return pids;
}

/** Resident memory of one process in MB (0 once it ended). */
export function rssMb(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0; // Ended meanwhile.
  }
}

/** Resident memory of a whole process group in MB (VmRSS summed). */
export function groupRssMb(pgid) {
  return groupPids(pgid).reduce((sum, pid) => sum + rssMb(pid), 0);
}

/** SIGTERM to one process, resolved once it exited. */
export function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * Stops `npm start` as a user does, `kill <npm pid>`, then reports whether anything of its group
 * is still running 5 s later (the server orphaned), and ends whatever is left so nothing outlives
 * the bench.
 */
export async function stopGenie(genie) {
  const pgid = genie.child.pid;
  await stop(genie.child);
  const deadline = performance.now() + 5000;
  while (groupPids(pgid).length > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  const left = groupPids(pgid);
  if (left.length > 0) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // Gone between the look and the kill.
    }
  }
  return { leftRunning: left.length };
}
